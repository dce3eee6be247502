import { useT } from '../../../app/i18n.tsx';
import { PlaceholderPage } from '../../../components/page.tsx';

/** Watermark settings (/admin/watermark), admin only. */
export function AdminWatermarkPage() {
  const t = useT();
  return <PlaceholderPage title={t('admin.watermark.title', 'Watermark settings')} />;
}
