import { zodResolver } from '@hookform/resolvers/zod';
import { RotateCcw, Send } from 'lucide-react';
import { type FormEvent, useMemo, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { Button, primaryButton, secondaryButton } from '#web/components/button.tsx';
import { useMe } from '#web/features/auth/index.ts';
import { emptyGeneralValues, type GeneralValues, generalSchema } from '../lib/submission-values.ts';
import { useSubmissionQueue } from '../lib/use-submission-queue.ts';
import { FILE_PICKER_BUTTON_ID, FileDropArea, RefusedFiles } from '#web/features/uploads/index.ts';
import { FileRow } from './file-row.tsx';
import { SendingProgress } from './sending-progress.tsx';
import { SubmissionSuccess } from './submission-success.tsx';
import { GeneralFields } from './general-fields.tsx';
import { SUBMIT_FORM_ACTION, SUBMIT_FORM_FILES } from '#common/submit-form.ts';
import { PostedRefusal, postedFieldErrors, usePostedForm } from './posted-form.tsx';

/** The submission form and its sending (public-site.md §2 Submission screen, §4, §5, §8). */
export function SubmissionForm() {
  const t = useT();
  const { data: user } = useMe();
  const schema = useMemo(() => generalSchema(t), [t]);
  const initialValues = () => emptyGeneralValues(user?.fullName ?? '', user?.email ?? '');
  // What came of the form when it was sent without script (the server drew this page with it).
  const [posted, setPosted] = usePostedForm();
  const refused = posted?.outcome === 'refused' ? posted : null;
  // Made once: a new object each render would set the errors again each time.
  const [fieldErrors] = useState(() => refused && postedFieldErrors(refused, t));
  const form = useForm<GeneralValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...initialValues(), ...refused?.values },
    errors: fieldErrors ?? undefined,
  });
  const { handleSubmit, reset } = form;
  const queue = useSubmissionQueue(t, posted?.outcome === 'sent' ? posted.count : undefined);
  const [noFile, setNoFile] = useState(false);
  const { items, outcome, sending } = queue;

  if (outcome?.kind === 'success') {
    return (
      <>
        <SubmissionSuccess
          count={outcome.count}
          signedIn={Boolean(user)}
          onSendAnother={() => {
            setPosted(null);
            queue.reset();
            reset(initialValues());
            setNoFile(false);
            requestAnimationFrame(() => document.getElementById(FILE_PICKER_BUTTON_ID)?.focus());
          }}
        />
        <Announcer text={queue.announcement} />
      </>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const missingFile = items.length === 0;
    setNoFile(missingFile);
    setPosted(null);
    void handleSubmit((values) => {
      if (!missingFile) return queue.send(values);
    })(event);
  }

  const retryFailed = handleSubmit((values) => queue.send(values, { onlyFailed: true }));
  const started = items.some((item) => item.state !== 'ready');
  const failedCount = items.filter((item) => item.state === 'failed').length;

  return (
    // The fields of the form kit (web/components/form.tsx) read this form's state; the form's own
    // submit is the sending queue's, one file at a time, so the kit's <Form> is not used here.
    // Before the script arrives, or without it, the form is sent by the browser itself, files and
    // all, in one request the server answers with this page (common/submit-form.ts).
    <FormProvider {...form}>
      <form
        method="post"
        encType="multipart/form-data"
        action={SUBMIT_FORM_ACTION}
        noValidate
        onSubmit={onSubmit}
        className="space-y-6"
      >
        {refused && <PostedRefusal result={refused} />}
        <FileDropArea
          name={SUBMIT_FORM_FILES}
          disabled={sending}
          onFiles={(files) => {
            setNoFile(false);
            queue.addFiles(files);
          }}
        />
        <RefusedFiles files={queue.refused} />

        {items.length > 0 && (
          <section aria-labelledby="submission-files-heading">
            <h2 id="submission-files-heading" className="text-lg font-semibold text-slate-900">
              {t('submit.files.title', 'Valdar fílur ({n})', { n: items.length })}
            </h2>
            <ul className="mt-3 space-y-3">
              {items.map((item) => (
                <FileRow
                  key={item.key}
                  item={item}
                  locked={sending}
                  onRemove={() => queue.removeFile(item.key)}
                  onDetailsChange={(details) => queue.setDetails(item.key, details)}
                />
              ))}
            </ul>
          </section>
        )}

        <fieldset disabled={sending} className="min-w-0">
          <GeneralFields />
        </fieldset>

        {started && (
          <SendingProgress done={queue.doneCount} total={items.length} percent={queue.overallPercent} />
        )}

        {noFile && (
          <Alert tone="error">{t('submit.no_file', 'Vinarliga vel í minsta lagi eina fílu at senda.')}</Alert>
        )}
        {outcome?.kind === 'partial' && (
          <Alert tone="error">
            {t('submit.partial', 'Uploaded {n} of {total} files. Some uploads failed.', {
              n: outcome.done,
              total: outcome.total,
            })}
          </Alert>
        )}
        {outcome?.kind === 'general' && (
          <Alert tone="error">
            {outcome.message ??
              t('submit.general_error', 'Ein feilur hendi, meðan tín sending varð viðgjørd.')}
          </Alert>
        )}

        <div className="flex flex-wrap gap-3">
          {/* Never disabled for want of the script: the browser sends the form itself meanwhile. */}
          <Button type="submit" className={primaryButton} disabled={sending}>
            <Send aria-hidden="true" className="size-4" />
            {sending ? t('submit.sending', 'Sendir...') : t('submit.send', 'Send')}
          </Button>
          {failedCount > 0 && !sending && (
            <Button className={secondaryButton} onClick={() => void retryFailed()}>
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('submit.retry_failed', 'Royn aftur')}
            </Button>
          )}
        </div>
        <Announcer text={queue.announcement} />
      </form>
    </FormProvider>
  );
}

/** Changes of the rows' states, read out politely by screen readers. */
function Announcer({ text }: { text: string }) {
  return (
    <p aria-live="polite" className="sr-only">
      {text}
    </p>
  );
}
