import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FORM_FIELD,
  FORM_ISSUE,
  FORM_REPLY_KEY,
  type FormName,
  type FormReply,
  LOOSE_EMAIL,
} from '#common/form-reply.ts';
import { MIN_PASSWORD_LENGTH } from '#common/limits.ts';
import { paths } from '#common/paths.ts';
import { isStaff } from '#common/permissions.ts';
import { safeNext } from '#common/safe-next.ts';
import { getUser } from '#server/features/users/users.public.ts';
import type { AppContext } from '../http/context.ts';
import { AppError } from '../errors.ts';
import { toActor } from '../auth/actor.ts';
import { addFormBodyParser, FORM_BODY_LIMIT, formField } from './form-body.ts';

/**
 * The sign-in, registration and password-reset forms work before their page's script arrives,
 * and without JavaScript at all (DESIGN.md §4 item 9): each is a real `<form method="post">`
 * sent to its own page, answered here. What the form asks is done by the same JSON endpoint the
 * script calls (/api/auth/…, asked in-process as this visitor, from this visitor's address), so
 * its rate limits, account lockout, Origin checks and answers are the same; a sign-in that
 * succeeds is sent on (303) where the script would go, anything else draws the page again with
 * the outcome in it (common/form-reply.ts). A password never goes into a page or an address.
 */
export async function registerAuthForms(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'auth'>) {
  const trusted = trustedOriginsOf(ctx);
  await app.register(async (forms) => {
    addFormBodyParser(forms);
    // 'anyone', as the JSON endpoints; and like them, a form's answer empties no kept page (app.ts).
    const options = { config: { permission: 'account:authenticate' as const }, bodyLimit: FORM_BODY_LIMIT };
    const handle =
      (answer: (form: FormCall) => Promise<FastifyReply>) =>
      async (request: FastifyRequest, reply: FastifyReply) =>
        answer(formCall(app, ctx, trusted, request, reply));
    forms.post(paths.login, options, handle(signInForm));
    forms.post(paths.contributorLogin, options, handle(contributorLoginForms));
    forms.post(paths.contributorRegister, options, handle(registerForm));
    forms.post(paths.resetPassword, options, handle(resetForms));
  });
}

interface AuthAnswer {
  status: number;
  body: Record<string, unknown> | null;
  cookies: string[];
}

/** One form sent: its fields, and the ways to answer it. */
interface FormCall {
  field(name: string): string;
  /** Asks the auth library's JSON endpoint `path`, as this visitor and from their address. */
  callAuth(path: string, body: Record<string, string>): Promise<AuthAnswer>;
  /** Draws the page again with `reply` in it, as the account `cookies` (if given) make it. */
  draw(reply: FormReply, status: number, cookies?: string[]): Promise<FastifyReply>;
  /** Sends the visitor on to `target` with the new session. */
  redirect(target: string, cookies: string[]): FastifyReply;
  request: FastifyRequest;
  ctx: Pick<AppContext, 'db'>;
}

function formCall(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db'>,
  trusted: readonly string[],
  request: FastifyRequest,
  reply: FastifyReply,
): FormCall {
  const origin = sameOrigin(request, trusted);
  return {
    request,
    ctx,
    field: (name) => formField(request.body, name),
    async callAuth(path, body) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/auth/${path}`,
        remoteAddress: request.ip,
        payload: body,
        headers: {
          origin,
          'content-type': 'application/json',
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
        },
      });
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null;
      } catch {
        parsed = null;
      }
      const setCookie = res.headers['set-cookie'];
      const cookies = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
      return { status: res.statusCode, body: parsed, cookies };
    },
    draw(formReply, status, cookies = []) {
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return app.sendFormPage(request, reply, {
        answers: { [FORM_REPLY_KEY]: formReply },
        cookie: withCookies(request.headers.cookie, cookies),
        status,
      });
    },
    redirect(target, cookies) {
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.header('cache-control', 'no-store').redirect(target, 303);
    },
  };
}

/**
 * The origin the form was sent from, when it is this site; else the request is refused. Our pages
 * send same-origin referrers (app.ts), so the browser posts their forms with our Origin (under
 * no-referrer it would say `Origin: null`). A request without one comes from no browser another
 * site could use, and is refused too: these routes are for pages only (scripts have the JSON API).
 */
function sameOrigin(request: FastifyRequest, trusted: readonly string[]): string {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== 'cross-site' && origin && trusted.includes(origin)) return origin;
  throw new AppError(403, 'CROSS_SITE', 'This request came from another site and was refused.');
}

function trustedOriginsOf(ctx: Pick<AppContext, 'auth'>): string[] {
  const trusted = ctx.auth.options.trustedOrigins;
  return Array.isArray(trusted) ? trusted : [new URL(ctx.auth.options.baseURL as string).origin];
}

/** The visitor's cookies with those just set replacing theirs of the same name. */
function withCookies(cookie: string | undefined, set: string[]): string | undefined {
  if (set.length === 0) return cookie;
  const jar = new Map<string, string>();
  for (const pair of (cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  for (const line of set) {
    const [name, ...value] = (line.split(';')[0] ?? '').trim().split('=');
    if (name) jar.set(name, value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

type Issue = { path: string; message: string };

/** The reply of a form the server's own checks refused (the script checks the same first). */
function refused(form: FormName, values: Record<string, string>, issues: Issue[]): FormReply {
  return {
    form,
    values,
    error: { status: 400, code: 'VALIDATION_ERROR', message: 'Please check the highlighted fields.', issues },
  };
}

/** The reply of a form the auth library refused, with its code as the script would read it. */
function failed(form: FormName, values: Record<string, string>, answer: AuthAnswer): FormReply {
  const code = typeof answer.body?.code === 'string' ? answer.body.code : `HTTP_${answer.status}`;
  const message = typeof answer.body?.message === 'string' ? answer.body.message : '';
  return { form, values, error: { status: answer.status, code, message, issues: [] } };
}

const required = (path: string, value: string): Issue[] =>
  value.trim() === '' ? [{ path, message: FORM_ISSUE.required }] : [];

function emailIssues(path: string, email: string): Issue[] {
  if (email.trim() === '') return required(path, email);
  return LOOSE_EMAIL.test(email.trim()) ? [] : [{ path, message: FORM_ISSUE.invalidEmail }];
}

function newPasswordIssues(password: string, confirm: string, names: [string, string]): Issue[] {
  const issues: Issue[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) issues.push({ path: names[0], message: FORM_ISSUE.tooShort });
  if (password !== confirm) issues.push({ path: names[1], message: FORM_ISSUE.mismatch });
  return issues;
}

/** /login and /contributor/login: on success, where each page's script goes (its `?next=` first). */
async function signInForm(form: FormCall): Promise<FastifyReply> {
  const email = form.field('email').trim();
  const password = form.field('password');
  const values = { email };
  const issues = [...required('email', email), ...required('password', password)];
  if (issues.length > 0) return form.draw(refused('sign-in', values, issues), 400);
  const answer = await form.callAuth('sign-in/email', { email, password });
  if (answer.status !== 200) return form.draw(failed('sign-in', values, answer), answer.status);
  const next = safeNext(String((form.request.query as { next?: unknown }).next ?? '') || null);
  if (next) return form.redirect(next, answer.cookies);
  const staffPage = form.request.routeOptions.url === paths.login;
  const id = (answer.body?.user as { id?: unknown } | undefined)?.id;
  const user = staffPage && typeof id === 'string' ? await getUser(form.ctx.db, id) : undefined;
  const home = user && isStaff(toActor(user)) ? paths.admin.dashboard : paths.contributorDashboard;
  return form.redirect(home, answer.cookies);
}

/** /contributor/login holds two forms: the sign-in, and the request for a new confirmation link. */
function contributorLoginForms(form: FormCall): Promise<FastifyReply> {
  return form.field(FORM_FIELD) === 'resend-confirmation' ? resendConfirmationForm(form) : signInForm(form);
}

/** Answers alike for any address (the auth library's own rule: the same body, at least 500 ms). */
async function resendConfirmationForm(form: FormCall): Promise<FastifyReply> {
  const email = form.field('email').trim();
  const values = { email };
  const issues = emailIssues('email', email);
  if (issues.length > 0) return form.draw(refused('resend-confirmation', values, issues), 400);
  const answer = await form.callAuth('send-verification-email', { email });
  if (answer.status !== 200) return form.draw(failed('resend-confirmation', values, answer), answer.status);
  return form.draw({ form: 'resend-confirmation', values: {}, done: true }, 200);
}

/**
 * /contributor/register: "check your e-mail", as after the script's registration. It answers the
 * same whether or not the address has an account (issue 30 B9), and signs nobody in.
 */
async function registerForm(form: FormCall): Promise<FastifyReply> {
  const name = form.field('name').trim();
  const email = form.field('email').trim();
  const password = form.field('password');
  const values = { name, email };
  const issues = [
    ...required('name', name),
    ...emailIssues('email', email),
    ...newPasswordIssues(password, form.field('confirmPassword'), ['password', 'confirmPassword']),
  ];
  if (issues.length > 0) return form.draw(refused('register', values, issues), 400);
  const answer = await form.callAuth('sign-up/email', { name, email, password });
  if (answer.status !== 200) return form.draw(failed('register', values, answer), answer.status);
  return form.draw({ form: 'register', values: {}, done: true }, 200);
}

/** /reset-password holds two forms: the request for a link, and the new password the link allows. */
function resetForms(form: FormCall): Promise<FastifyReply> {
  return form.field(FORM_FIELD) === 'reset-request' ? resetRequestForm(form) : resetPasswordForm(form);
}

async function resetRequestForm(form: FormCall): Promise<FastifyReply> {
  const email = form.field('email').trim();
  const values = { email };
  const issues = emailIssues('email', email);
  if (issues.length > 0) return form.draw(refused('reset-request', values, issues), 400);
  const answer = await form.callAuth('request-password-reset', { email, redirectTo: paths.resetPassword });
  if (answer.status !== 200) return form.draw(failed('reset-request', values, answer), answer.status);
  return form.draw({ form: 'reset-request', values: {}, done: true }, 200);
}

async function resetPasswordForm(form: FormCall): Promise<FastifyReply> {
  const newPassword = form.field('newPassword');
  const token = form.field('token');
  const issues = newPasswordIssues(newPassword, form.field('confirmPassword'), [
    'newPassword',
    'confirmPassword',
  ]);
  if (issues.length > 0) return form.draw(refused('reset-password', {}, issues), 400);
  const answer = await form.callAuth('reset-password', { newPassword, token });
  if (answer.status !== 200) return form.draw(failed('reset-password', {}, answer), answer.status);
  return form.draw({ form: 'reset-password', values: {}, done: true }, 200);
}
