import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../app/i18n.tsx';
import { primaryButton, secondaryButton } from '../../../components/button.tsx';
import { Page } from '../../../components/page.tsx';

const textLink = 'font-medium text-blue-700 underline hover:text-blue-900';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-2xl font-semibold text-slate-900">{title}</h2>
      <div className="mt-3 text-slate-700">{children}</div>
    </section>
  );
}

function Cards({ items }: { items: { title: string; text: string }[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item.title} className="rounded-lg border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{item.title}</h3>
          <p className="mt-1 text-sm">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** About page (/about), in mixed Faroese and English (public-site.md §2). */
export function AboutPage() {
  const t = useT();
  return (
    <Page title={t('about.title', 'Um okkum')}>
      <p className="text-lg text-slate-700">
        {t(
          'about.intro',
          'The archive collects and preserves historical photographs, video, audio and documents, and makes them available to everyone.',
        )}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/submit" className={primaryButton}>
          {t('about.submit_now', 'Submit Media Now')}
        </Link>
        <Link to="/contributor/register" className={secondaryButton}>
          {t('about.register', 'Register as Contributor')}
        </Link>
      </div>

      <Section title={t('about.flow.title', 'How it works')}>
        <ol className="grid gap-4 sm:grid-cols-3">
          {[
            {
              title: t('about.flow.1.title', '1. Give a contribution'),
              text: t('about.flow.1.text', 'Photos, video, audio and documents.'),
            },
            {
              title: t('about.flow.2.title', '2. Approval'),
              text: t(
                'about.flow.2.text',
                'The administration team assesses quality, historical significance and suitability for public release.',
              ),
            },
            {
              title: t('about.flow.3.title', '3. Public archive'),
              text: t('about.flow.3.text', 'Approved material becomes available to everyone.'),
            },
          ].map((step) => (
            <li key={step.title} className="rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-1 text-sm">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={t('about.ways.title', 'Two ways to contribute')}>
        <Cards
          items={[
            {
              title: t('about.ways.anonymous.title', 'Anonymous submission'),
              text: t(
                'about.ways.anonymous.text',
                'No registration needed. Your privacy is protected, experts curate the material, and you are credited.',
              ),
            },
            {
              title: t('about.ways.registered.title', 'Registered contributor'),
              text: t(
                'about.ways.registered.text',
                'Track your submissions and their status, with a personal dashboard showing your profile and statistics, priority review and community recognition.',
              ),
            },
          ]}
        />
        <p className="mt-4">
          <Link to="/contributor/register" className={textLink}>
            {t('about.join', 'Join as Contributor')}
          </Link>
          {' · '}
          <Link to="/contributor/login" className={textLink}>
            {t('about.sign_in', 'Already have an account? Sign in')}
          </Link>
        </p>
      </Section>

      <Section title={t('about.why.title', 'Why contribute?')}>
        <Cards
          items={[
            {
              title: t('about.why.memories', 'Preserve memories'),
              text: t('about.why.memories_text', 'Keep local history for future generations.'),
            },
            {
              title: t('about.why.access', 'Global access'),
              text: t('about.why.access_text', 'Anyone, anywhere can see the archive.'),
            },
            {
              title: t('about.why.safe', 'Safe and secure'),
              text: t('about.why.safe_text', 'Material is stored and looked after by the archive.'),
            },
            {
              title: t('about.why.recognition', 'Recognition'),
              text: t('about.why.recognition_text', 'Contributors are credited for their material.'),
            },
          ]}
        />
      </Section>

      <Section title={t('about.wanted.title', 'What we are looking for')}>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t('about.wanted.photos', 'Historical photographs')}</li>
          <li>{t('about.wanted.documents', 'Documents and records')}</li>
          <li>{t('about.wanted.av', 'Audio and video')}</li>
        </ul>
      </Section>

      <Section title={t('about.quality.title', 'Quality guidelines')}>
        <ul className="list-disc space-y-1 pl-6">
          <li>{t('about.quality.significance', 'Historical significance')}</li>
          <li>{t('about.quality.good', 'Good quality')}</li>
          <li>{t('about.quality.context', 'Proper context: dates, locations and people')}</li>
          <li>{t('about.quality.rights', 'Rights cleared')}</li>
        </ul>
      </Section>

      <Section title={t('about.review.title', 'The review process')}>
        <ol className="list-decimal space-y-1 pl-6">
          <li>{t('about.review.initial', 'Initial review of technical quality and relevance.')}</li>
          <li>{t('about.review.expert', 'Expert assessment by historians and archivists.')}</li>
          <li>{t('about.review.publication', 'Publication into the permanent archive.')}</li>
        </ol>
        <p className="mt-4">
          {t(
            'about.review.times',
            'Average review time is 3-7 business days, and about 85% of quality submissions are approved. Registered contributors receive priority review.',
          )}
        </p>
      </Section>

      <div className="mt-10">
        <Link to="/submit" className={primaryButton}>
          {t('about.submit_now', 'Submit Media Now')}
        </Link>
      </div>
    </Page>
  );
}
