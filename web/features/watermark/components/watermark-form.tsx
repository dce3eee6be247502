import { useWatch } from 'react-hook-form';
import {
  WATERMARK_FORM_TYPES,
  type WatermarkSettingsResponse,
  watermarkSettingsBody,
} from '#common/api/watermark.ts';
import {
  OPACITY_MAX,
  OPACITY_MIN,
  OPACITY_STEP,
  WATERMARK_LEVELS,
  WATERMARK_POSITIONS,
  WATERMARK_SIZES,
  WATERMARK_TEXT_MAX_LENGTH,
} from '#common/watermark.ts';
import { useT } from '#web/app/i18n.tsx';
import { Field, Form, SelectField, SubmitButton } from '#web/components/form.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useSaveWatermark } from '../api/watermark.ts';
import { levelLabel, positionLabel, sizeLabel, typeLabel } from '../lib/watermark-labels.ts';
import { WatermarkPreview } from './watermark-preview.tsx';

type Settings = WatermarkSettingsResponse['settings'];

/** The spec's save failure (§8) for a server failure too, not only for unknown codes. */
const saveFailedTexts = (text: string) => ({ '*': text, INTERNAL: text });

/** The slider's value, said beside it (and by the slider itself to a screen reader). */
function OpacityValue() {
  const opacity = useWatch({ name: 'opacity' }) as number | string;
  return (
    <output className="text-sm font-semibold text-slate-900" data-testid="opacity-value">
      {opacity}%
    </output>
  );
}

/** The form of §5 with the live preview and the notes beside it. */
export function WatermarkForm({ settings }: { settings: Settings }) {
  const t = useT();
  const save = useSaveWatermark();
  // A type the form does not offer (set before, e.g. 'pattern') stays selectable until changed.
  const types: readonly string[] = (WATERMARK_FORM_TYPES as readonly string[]).includes(settings.type)
    ? WATERMARK_FORM_TYPES
    : [...WATERMARK_FORM_TYPES, settings.type];
  return (
    <Form
      schema={watermarkSettingsBody}
      defaultValues={settings as never}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        toast.success(t('admin.watermark.saved', 'Watermark settings saved successfully!'));
      }}
      errorTexts={saveFailedTexts(
        t('admin.watermark.save_failed', 'Failed to save watermark settings. Please try again.'),
      )}
      className="grid gap-6 lg:grid-cols-[1fr_minmax(0,420px)]"
      aria-label={t('admin.watermark.form', 'Watermark settings')}
    >
      <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        <SelectField
          name="type"
          label={t('admin.watermark.field.type', 'Watermark type')}
          options={types.map((type) => ({ value: type, label: typeLabel(type, t) }))}
        />
        <Field
          name="text"
          label={t('admin.watermark.field.text', 'Watermark text')}
          description={t('admin.watermark.field.text_help', 'At most {max} characters.', {
            max: WATERMARK_TEXT_MAX_LENGTH,
          })}
          maxLength={WATERMARK_TEXT_MAX_LENGTH}
          autoComplete="off"
        />
        <SelectField
          name="position"
          label={t('admin.watermark.field.position', 'Position')}
          options={WATERMARK_POSITIONS.map((position) => ({
            value: position,
            label: positionLabel(position, t),
          }))}
        />
        <div>
          <div className="flex items-end justify-between gap-3">
            <Field
              name="opacity"
              type="range"
              className="flex-1"
              label={t('admin.watermark.field.opacity', 'Opacity')}
              description={t(
                'admin.watermark.field.opacity_help',
                'From {min}% to {max}% in steps of {step}.',
                {
                  min: OPACITY_MIN,
                  max: OPACITY_MAX,
                  step: OPACITY_STEP,
                },
              )}
              min={OPACITY_MIN}
              max={OPACITY_MAX}
              step={OPACITY_STEP}
            />
            <OpacityValue />
          </div>
        </div>
        <SelectField
          name="size"
          label={t('admin.watermark.field.size', 'Size')}
          options={WATERMARK_SIZES.map((size) => ({ value: size, label: sizeLabel(size, t) }))}
        />
        <SelectField
          name="level"
          label={t('admin.watermark.field.level', 'Protection level')}
          description={t('admin.watermark.field.level_help', 'Level None switches the watermark off.')}
          options={WATERMARK_LEVELS.map((level) => ({ value: level, label: levelLabel(level, t) }))}
        />
        <div className="flex justify-end">
          <SubmitButton pendingText={t('admin.watermark.saving', 'Saving...')}>
            {t('admin.watermark.save', 'Save Settings')}
          </SubmitButton>
        </div>
      </div>
      <div className="space-y-4">
        <WatermarkPreview />
        <section
          aria-labelledby="watermark-notes"
          className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-sm text-blue-950"
        >
          <h2 id="watermark-notes" className="font-semibold">
            {t('admin.watermark.notes', 'Notes')}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t('admin.watermark.note_new', 'The watermark applies to new uploads of images only.')}</li>
            <li>
              {t('admin.watermark.note_existing', 'Existing media keeps the watermark it was uploaded with.')}
            </li>
            <li>
              {t(
                'admin.watermark.note_original',
                'Original files are kept unaltered; the watermark is drawn on the copies the public sees and downloads.',
              )}
            </li>
            <li>
              {t(
                'admin.watermark.note_defaults',
                'Defaults: logo and text, bottom right, 70% opacity, medium size, medium level.',
              )}
            </li>
          </ul>
        </section>
      </div>
    </Form>
  );
}
