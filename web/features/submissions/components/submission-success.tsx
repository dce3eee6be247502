import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useT } from '#web/app/i18n.tsx';
import { paths } from '#common/paths.ts';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useHydrated } from '#web/lib/hydrated.ts';

/** The confirmation after every file arrived (public-site.md §2, §4). */
export function SubmissionSuccess({
  count,
  signedIn,
  onSendAnother,
}: {
  count: number;
  signedIn: boolean;
  onSendAnother: () => void;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  useEffect(() => heading.current?.focus(), []);

  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-6 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-green-700" />
      <h2 ref={heading} tabIndex={-1} className="mt-2 text-2xl font-bold text-green-900">
        {t('submit.success.title', 'Takk fyri!')}
      </h2>
      <p className="mt-2 text-green-900">
        {count === 1
          ? t('submit.success.text_one', 'Tín fíla er móttikin.')
          : t('submit.success.text_many', 'Tínar {n} fílur eru móttiknar.', { n: count })}{' '}
        {t(
          'submit.success.review',
          'Starvsfólk okkara hyggja at tilfarinum, áðrenn tað verður lagt út í savnið. Vanliga tekur tað 3–7 arbeiðsdagar.',
        )}
      </p>
      {signedIn ? (
        <p className="mt-4 text-green-900">
          {t('submit.success.dashboard_text', 'Tú kanst fylgja við tínum sendingum á')}{' '}
          <Link
            to="/contributor/dashboard"
            className="font-medium text-blue-800 underline hover:text-blue-950"
          >
            {t('submit.success.dashboard', 'Mítt yvirlit')}
          </Link>
          .
        </p>
      ) : (
        <div className="mt-4">
          <p className="text-green-900">
            {t(
              'submit.success.account_text',
              'Við eini konto kanst tú fylgja við, hvussu tað gongur við tínum sendingum.',
            )}
          </p>
          <div className="mt-3 flex flex-wrap justify-center gap-3">
            <Link to="/contributor/register" className={secondaryButton}>
              {t('submit.success.register', 'Stovna konto')}
            </Link>
            <Link to="/contributor/login" className={secondaryButton}>
              {t('submit.success.login', 'Rita inn')}
            </Link>
          </div>
        </div>
      )}
      <div className="mt-6">
        {hydrated ? (
          <Button className={primaryButton} onClick={onSendAnother}>
            {t('submit.success.another', 'Send eitt annað')}
          </Button>
        ) : (
          // Drawn by the server after the form was sent without script: the empty form again.
          <a href={paths.submit} className={primaryButton}>
            {t('submit.success.another', 'Send eitt annað')}
          </a>
        )}
      </div>
    </div>
  );
}
