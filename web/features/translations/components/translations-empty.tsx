import { RotateCcw } from 'lucide-react';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton } from '#web/components/button.tsx';
import { ListEmpty } from '#web/components/list-filters.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { useSeedTranslations } from '../api/admin-translations.ts';
import { failed } from '../lib/translation-status.ts';

/**
 * The table's empty state: no translation matches the filters, or there are none at all, when
 * 'Add default texts' fills the table with the site's own texts.
 */
export function TranslationsEmpty({ filtered, none }: { filtered: boolean; none: boolean }) {
  const t = useT();
  const errorText = useErrorText();
  const seed = useSeedTranslations();
  if (filtered) {
    return (
      <ListEmpty
        title={t('admin.translations.empty_filtered', 'No Translations Found')}
        text={t('admin.translations.empty_filtered_text', 'No translations match these filters.')}
      />
    );
  }
  const onSeed = async () => {
    try {
      const { added } = await seed.mutateAsync();
      toast.success(t('admin.translations.seeded', 'Added {count} default texts.', { count: added }));
    } catch (error) {
      toast.error(
        errorText(error, failed(t('admin.translations.seed_failed', 'Failed to add the default texts'))),
      );
    }
  };
  return (
    <ListEmpty
      title={t('admin.translations.empty', 'No Translations Yet')}
      text={t('admin.translations.empty_text', 'Add the default texts of the site to start translating.')}
    >
      {none && (
        <Button className={`${primaryButton} mt-4`} onClick={onSeed} disabled={seed.isPending}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('admin.translations.seed', 'Add default texts')}
        </Button>
      )}
    </ListEmpty>
  );
}
