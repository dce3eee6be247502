import type { Translate } from '#web/app/i18n.tsx';

/** The form's option labels, by the value stored. */
export function typeLabel(type: string, t: Translate) {
  switch (type) {
    case 'none':
      return t('admin.watermark.type.none', 'None');
    case 'text':
      return t('admin.watermark.type.text', 'Text');
    case 'logo_text':
      return t('admin.watermark.type.logo_text', 'Logo and text');
    case 'stamp':
      return t('admin.watermark.type.stamp', 'Stamp');
    default:
      return type;
  }
}

export function positionLabel(position: string, t: Translate) {
  switch (position) {
    case 'top_left':
      return t('admin.watermark.position.top_left', 'Top left');
    case 'top_right':
      return t('admin.watermark.position.top_right', 'Top right');
    case 'center':
      return t('admin.watermark.position.center', 'Center');
    case 'bottom_left':
      return t('admin.watermark.position.bottom_left', 'Bottom left');
    case 'bottom_right':
      return t('admin.watermark.position.bottom_right', 'Bottom right');
    case 'center_bottom':
      return t('admin.watermark.position.center_bottom', 'Bottom center');
    case 'diagonal':
      return t('admin.watermark.position.diagonal', 'Diagonal');
    default:
      return position;
  }
}

export function sizeLabel(size: string, t: Translate) {
  switch (size) {
    case 'small':
      return t('admin.watermark.size.small', 'Small');
    case 'medium':
      return t('admin.watermark.size.medium', 'Medium');
    default:
      return t('admin.watermark.size.large', 'Large');
  }
}

export function levelLabel(level: string, t: Translate) {
  switch (level) {
    case 'none':
      return t('admin.watermark.level.none', 'None');
    case 'light':
      return t('admin.watermark.level.light', 'Light');
    case 'medium':
      return t('admin.watermark.level.medium', 'Medium');
    default:
      return t('admin.watermark.level.heavy', 'Heavy');
  }
}
