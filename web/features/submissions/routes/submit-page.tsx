import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { Page } from '#web/components/page.tsx';
import { SubmissionForm } from '../components/submission-form.tsx';

/** Submission form (/submit), open to everyone (public-site.md §2). */
export function SubmitPage() {
  const t = useT();
  const title = t('submit.title', 'Send okkum tilfar');
  useDocumentTitle(title);
  return (
    <Page title={title} width="max-w-3xl">
      <p className="mb-6 text-slate-700">
        {t(
          'submit.intro',
          'Hevur tú gamlar myndir, filmar, ljóðupptøkur ella skjøl? Send okkum tey her. Tú tarvst ikki at hava konto. Tað einasta, ið krevst, er eitt heiti.',
        )}
      </p>
      <SubmissionForm />
    </Page>
  );
}
