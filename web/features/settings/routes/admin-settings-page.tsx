import { Link } from 'react-router';
import { z } from 'zod';
import { CUSTOM_CARD_URL_MESSAGE } from '#common/api/settings.ts';
import { paths } from '#common/paths.ts';
import { DEFAULT_RIGHTS, RIGHTS_URIS, rightsStatement } from '#common/rights.ts';
import { isSafeLinkUrl } from '#common/safe-url.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { linkButton } from '#web/components/button.tsx';
import { Field, Form, SelectField, SubmitButton, SwitchField, TextareaField } from '#web/components/form.tsx';
import { useRightsOptions } from '#web/features/media/index.ts';
import { Spinner } from '#web/components/spinner.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { usePublicSettings } from '#web/features/gallery/index.ts';
import { FaceSettingsPanel } from '#web/features/faces/index.ts';
import { type SettingKey, useSaveSiteSettings } from '../api/site-settings.ts';

const text = z.string().max(2000);
/** The form's values: the flags as booleans; stored as 'true'/'false' (admin-back-office.md §3). */
const settingsForm = z.object({
  site_title: text,
  site_description: text,
  document_button_text: text,
  slideshow_enabled: z.boolean(),
  custom_card_enabled: z.boolean(),
  custom_card_title: text,
  custom_card_description: text,
  custom_card_button_text: text,
  custom_card_file_url: text.refine(
    (url) => url.trim() === '' || isSafeLinkUrl(url),
    CUSTOM_CARD_URL_MESSAGE,
  ),
  custom_card_show_in_header: z.boolean(),
  custom_card_show_above_gallery: z.boolean(),
  default_rights: z.enum(RIGHTS_URIS),
  watermark_follows_rights: z.boolean(),
});
type SettingsForm = z.output<typeof settingsForm>;

const FLAGS = [
  'slideshow_enabled',
  'custom_card_enabled',
  'custom_card_show_in_header',
  'custom_card_show_above_gallery',
  'watermark_follows_rights',
] as const;

function toForm(settings: Record<string, string>): SettingsForm {
  const value = (key: SettingKey) => settings[key] ?? '';
  return {
    site_title: value('site_title'),
    site_description: value('site_description'),
    document_button_text: value('document_button_text'),
    custom_card_title: value('custom_card_title'),
    custom_card_description: value('custom_card_description'),
    custom_card_button_text: value('custom_card_button_text'),
    custom_card_file_url: value('custom_card_file_url'),
    default_rights: rightsStatement(value('default_rights'))?.uri ?? DEFAULT_RIGHTS,
    ...(Object.fromEntries(FLAGS.map((key) => [key, settings[key] === 'true'])) as Record<
      (typeof FLAGS)[number],
      boolean
    >),
  };
}

function fromForm(values: SettingsForm): Record<SettingKey, string> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? String(value) : value.trim(),
    ]),
  ) as Record<SettingKey, string>;
}

/** Site settings (/admin/settings), admin only: the general keys, saved one row per key. */
export function AdminSettingsPage() {
  const t = useT();
  const { data: settings, isPending, error, refetch } = usePublicSettings();
  const errorText = useErrorText();
  const save = useSaveSiteSettings();
  const rightsOptions = useRightsOptions();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-slate-900">{t('admin.settings.title', 'Site settings')}</h1>
      <p className="mt-1 text-slate-700">
        {t('admin.settings.intro', 'The title, texts and features of the public site.')}
      </p>
      {/* Shown, where the spec keeps a settings load failure silent with the defaults (a deliberate
          choice, issue 30): saving the defaults over settings that did not load would lose them. */}
      {error && !settings ? (
        <Alert tone="error" className="mt-6">
          <p>{errorText(error, { '*': t('admin.settings.load_failed', 'Failed to load settings') })}</p>
          <button type="button" className={`${linkButton} mt-2`} onClick={() => refetch()}>
            {t('admin.settings.retry', 'Try Again')}
          </button>
        </Alert>
      ) : isPending || !settings ? (
        <Spinner text={t('admin.settings.loading', 'Loading settings...')} />
      ) : (
        <Form
          className="mt-6 grid gap-8"
          schema={settingsForm}
          defaultValues={toForm(settings)}
          errorTexts={{ '*': t('admin.settings.save_failed', 'Failed to save settings. Please try again.') }}
          onSubmit={async (values, form) => {
            const answer = await save.mutateAsync(fromForm(values));
            form.reset(toForm(answer.settings));
            toast.success(t('admin.settings.saved', 'Settings saved successfully!'));
          }}
        >
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold text-slate-900">
              {t('admin.settings.general', 'General')}
            </legend>
            <Field name="site_title" label={t('admin.settings.site_title', 'Site title')} />
            <TextareaField
              name="site_description"
              rows={2}
              label={t('admin.settings.site_description', 'Site description')}
            />
            <Field
              name="document_button_text"
              label={t('admin.settings.document_button_text', 'Document button text')}
            />
            <SelectField
              name="default_rights"
              label={t('admin.settings.default_rights', 'Rights statement of new items')}
              description={t(
                'admin.settings.default_rights_help',
                'What an uploaded or approved item carries unless another statement is chosen for it.',
              )}
              options={rightsOptions}
            />
            <SwitchField
              name="watermark_follows_rights"
              label={t(
                'admin.settings.watermark_follows_rights',
                'No watermark on items under CC0 or the Public Domain Mark',
              )}
            />
          </fieldset>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold text-slate-900">
              {t('admin.settings.slideshows', 'Slideshows')}
            </legend>
            <SwitchField
              name="slideshow_enabled"
              label={t('admin.settings.slideshow_enabled', 'Show slideshows on the public site')}
            />
            <p className="text-sm text-slate-700">
              <Link to={paths.admin.slideshows} className={linkButton}>
                {t('admin.settings.manage_slideshows', 'Manage slideshows')}
              </Link>
            </p>
          </fieldset>
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold text-slate-900">
              {t('admin.settings.custom_card', 'Custom document card')}
            </legend>
            <SwitchField
              name="custom_card_enabled"
              label={t('admin.settings.custom_card_enabled', 'Show the card')}
            />
            <SwitchField
              name="custom_card_show_in_header"
              label={t('admin.settings.custom_card_show_in_header', 'Show in the header')}
            />
            <SwitchField
              name="custom_card_show_above_gallery"
              label={t('admin.settings.custom_card_show_above_gallery', 'Show above the gallery')}
            />
            <Field name="custom_card_title" label={t('admin.settings.custom_card_title', 'Card title')} />
            <TextareaField
              name="custom_card_description"
              rows={2}
              label={t('admin.settings.custom_card_description', 'Card description')}
            />
            <Field
              name="custom_card_button_text"
              label={t('admin.settings.custom_card_button_text', 'Button text')}
            />
            <Field
              name="custom_card_file_url"
              type="url"
              label={t('admin.settings.custom_card_file_url', 'File URL')}
              description={t(
                'admin.settings.custom_card_file_url_help',
                'A link starting with https:// or a path of this site such as /files/…',
              )}
            />
          </fieldset>
          <div className="flex justify-end">
            <SubmitButton pendingText={t('admin.settings.saving', 'Saving...')}>
              {t('admin.settings.save', 'Save Settings')}
            </SubmitButton>
          </div>
        </Form>
      )}
      <FaceSettingsPanel />
    </div>
  );
}
