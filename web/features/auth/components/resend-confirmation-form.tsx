import { useMemo } from 'react';
import { FORM_FIELD } from '#common/form-reply.ts';
import { paths } from '#common/paths.ts';
import { useT } from '#web/app/i18n.tsx';
import { Alert } from '#web/components/alert.tsx';
import { secondaryButton } from '#web/components/button.tsx';
import { Field, Form, SubmitButton } from '#web/components/form.tsx';
import { useFormReply } from '#web/lib/form-reply.ts';
import { useResendConfirmation } from '../api/resend-confirmation.ts';
import { EMAIL_CODES, requestResetSchema, resendConfirmationTexts } from '../lib/auth-schemas.ts';

/**
 * A new contributor signs in only after confirming their address (issue 30 B9); a sign-in before
 * answers as a wrong password would (anything else would tell which addresses are registered), so
 * this section stands under the contributor sign-in form for everyone: what to do, and the link
 * sent again. Sent before the script arrives, it goes to /contributor/login, which answers it.
 */
export function ResendConfirmationForm() {
  const t = useT();
  const resend = useResendConfirmation();
  const texts = useMemo(() => resendConfirmationTexts(t), [t]);
  const schema = useMemo(() => requestResetSchema(texts), [texts]);
  const reply = useFormReply('resend-confirmation', texts);
  const sent = resend.isSuccess || reply?.done === true;

  return (
    <section aria-labelledby="resend-confirmation" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="resend-confirmation" className="text-lg font-semibold text-slate-900">
        {t('contributor.confirm.title', 'Nýggj/ur íkastari?')}
      </h2>
      <p className="mt-2 text-slate-700">
        {t(
          'contributor.confirm.intro',
          'Tú kanst rita inn, tá ið tú hevur váttað teldupostin við leinkjuni, vit sendu tær. Fekst tú ikki teldupostin, ella er leinkjan farin úr gildi, so kunnu vit senda hana aftur.',
        )}
      </p>
      {sent ? (
        <div className="mt-3">
          <Alert tone="success">
            {t(
              'contributor.confirm.sent',
              'Um ein konto við hesum teldupostinum bíðar eftir váttan, er ein nýggj leinkja send.',
            )}
          </Alert>
        </div>
      ) : (
        <Form
          className="mt-3 space-y-3"
          schema={schema}
          action={paths.contributorLogin}
          reply={reply}
          defaultValues={{ email: '' }}
          onSubmit={({ email }) => resend.mutateAsync(email)}
          codeFields={EMAIL_CODES}
        >
          <input type="hidden" name={FORM_FIELD} value="resend-confirmation" />
          <Field
            label={t('contributor.confirm.email', 'Teldupostadressa')}
            name="email"
            type="email"
            autoComplete="email"
            required
          />
          <SubmitButton
            className={secondaryButton}
            pendingText={t('contributor.confirm.sending', 'Sendir...')}
          >
            {t('contributor.confirm.send', 'Send leinkjuna aftur')}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
