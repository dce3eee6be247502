import { paths } from '#common/paths.ts';
import type { Mail } from '../mail/mailer.ts';

interface Recipient {
  email: string;
  name?: string | null;
}

const greeting = (user: Recipient) => `Hey ${user.name || ''}`.trim();

/** To a newly registered address: the link that confirms it (and signs its owner in). */
export function confirmationMail(user: Recipient, url: string, hours: number): Mail {
  return {
    to: user.email,
    subject: 'Vátta teldupostin / Confirm your e-mail address',
    text: [
      greeting(user),
      '',
      'Tú (ella onkur annar) hevur skrásett teg sum íkastara í savninum við hesum teldupostinum.',
      'Opna leinkjuna niðanfyri fyri at vátta hann og rita inn:',
      'Someone registered as a contributor to the archive with this address. Open this link to confirm it and sign in:',
      '',
      url,
      '',
      `Leinkjan er galdandi í ${hours} tímar. Var tað ikki tú, so kanst tú síggja burtur frá hesum boðunum.`,
      `The link is valid for ${hours} hours. If it was not you, ignore this message.`,
    ].join('\n'),
  };
}

/**
 * To the owner of an account whose address someone tried to register again: the registration
 * answered as for a new address, so this mail is the only place that says the account exists.
 */
export function registrationAttemptMail(user: Recipient, publicUrl: string): Mail {
  const signIn = new URL(paths.contributorLogin, publicUrl).href;
  const reset = new URL(paths.resetPassword, publicUrl).href;
  return {
    to: user.email,
    subject: 'Royndu at skráseta tín teldupost / Someone tried to register with your address',
    text: [
      greeting(user),
      '',
      'Onkur royndi at skráseta seg í savninum við hesum teldupostinum, men tað er longu ein konto við honum.',
      'Var tað tú, so rita inn ella bið um nýtt loyniorð. Var tað ikki tú, so skalt tú ikki gera nakað.',
      'Someone tried to register with this address, but it already has an account in the archive.',
      'If it was you, sign in or reset your password. If it was not you, you need not do anything.',
      '',
      `Rita inn / Sign in: ${signIn}`,
      `Nýtt loyniorð / Reset your password: ${reset}`,
    ].join('\n'),
  };
}
