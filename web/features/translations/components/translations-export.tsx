import { Download } from 'lucide-react';
import { useState } from 'react';
import { useT } from '#web/app/i18n.tsx';
import { Button, secondaryButton } from '#web/components/button.tsx';
import { toast } from '#web/components/toaster.tsx';
import { useErrorText } from '#web/lib/error-text.ts';
import { downloadTranslations } from '../api/admin-translations.ts';
import { failed } from '../lib/translation-status.ts';

/** 'Export JSON' (the Faroese texts) and 'Export with English': a file download each. */
export function TranslationsExport() {
  const t = useT();
  const errorText = useErrorText();
  const [exporting, setExporting] = useState(false);
  const onExport = async (withEnglish: boolean) => {
    setExporting(true);
    try {
      await downloadTranslations(withEnglish);
    } catch (error) {
      toast.error(
        errorText(error, failed(t('admin.translations.export_failed', 'Failed to export translations'))),
      );
    } finally {
      setExporting(false);
    }
  };
  return (
    <>
      <Button className={secondaryButton} onClick={() => onExport(false)} disabled={exporting}>
        <Download aria-hidden="true" className="size-4" />
        {t('admin.translations.export', 'Export JSON')}
      </Button>
      <Button className={secondaryButton} onClick={() => onExport(true)} disabled={exporting}>
        <Download aria-hidden="true" className="size-4" />
        {t('admin.translations.export_english', 'Export with English')}
      </Button>
    </>
  );
}
