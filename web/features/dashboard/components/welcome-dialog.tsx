import { FolderPlus, Upload } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_ROUTES } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';

/**
 * The first-run guide (admin-back-office.md §2): shown when the archive has no media and no
 * categories, in two steps (create categories, upload media), with 'I'll do this later'.
 * Not modal: the dashboard behind it stays readable and usable (it offers the same actions).
 */
export function WelcomeDialog() {
  const t = useT();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<1 | 2>(1);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal={false}>
      <Dialog.Portal>
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-300 bg-white p-6 shadow-2xl"
          // Stays until answered: a click elsewhere on the dashboard does not close it.
          onInteractOutside={(event) => event.preventDefault()}
        >
          <Dialog.Title className="text-xl font-semibold text-slate-900">
            {t('admin.dashboard.welcome_dialog.title', 'Welcome to your archive!')}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-700">
            {t('admin.dashboard.welcome_dialog.text', 'Two steps get your archive started.')}
          </Dialog.Description>
          <p className="mt-4 text-sm font-medium text-slate-700">
            {t('admin.dashboard.welcome_dialog.step', 'Step {n} of 2', { n: step })}
          </p>
          {step === 1 ? (
            <div className="mt-2">
              <h3 className="font-semibold text-slate-900">
                {t('admin.dashboard.welcome_dialog.categories', 'Create categories')}
              </h3>
              <p className="mt-1 text-slate-700">
                {t(
                  'admin.dashboard.welcome_dialog.categories_text',
                  'Categories group your items so visitors can find them.',
                )}
              </p>
              <div className="mt-4 flex flex-wrap gap-2">
                <Link to={ADMIN_ROUTES.categories} className={primaryButton}>
                  <FolderPlus aria-hidden="true" className="size-4" />
                  {t('admin.dashboard.welcome_dialog.categories_go', 'Create Categories')}
                </Link>
                <Button className={secondaryButton} onClick={() => setStep(2)}>
                  {t('admin.dashboard.welcome_dialog.next', 'Next')}
                </Button>
              </div>
            </div>
          ) : (
            <div className="mt-2">
              <h3 className="font-semibold text-slate-900">
                {t('admin.dashboard.welcome_dialog.upload', 'Upload media')}
              </h3>
              <p className="mt-1 text-slate-700">
                {t(
                  'admin.dashboard.welcome_dialog.upload_text',
                  'Upload photos, video, audio and documents to the archive.',
                )}
              </p>
              <div className="mt-4 flex flex-wrap gap-2">
                <Link to={ADMIN_ROUTES.upload} className={primaryButton}>
                  <Upload aria-hidden="true" className="size-4" />
                  {t('admin.dashboard.welcome_dialog.upload_go', 'Upload Media')}
                </Link>
                <Button className={secondaryButton} onClick={() => setStep(1)}>
                  {t('admin.dashboard.welcome_dialog.back', 'Back')}
                </Button>
              </div>
            </div>
          )}
          <div className="mt-6 border-t border-slate-200 pt-4 text-right">
            <Dialog.Close className="text-sm font-medium text-blue-800 underline hover:text-blue-950">
              {t('admin.dashboard.welcome_dialog.later', "I'll do this later")}
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
