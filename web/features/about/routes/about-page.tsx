import { Link } from 'react-router';
import { paths } from '#common/paths.ts';
import { useDocumentTitle } from '#web/app/document-title.ts';
import { useT } from '#web/app/i18n.tsx';
import { primaryButton, secondaryButton } from '#web/components/button.tsx';
import { Page } from '#web/components/page.tsx';
import { OpenDataSections } from '../components/open-data-sections.tsx';
import { Bullets, focusRing, Section, textLink } from '../components/section.tsx';

/**
 * About page (/about), in mixed Faroese and English (public-site.md §2 "About page", §1 for the
 * review time, approval rate and priority review). The spec lists each section's points and the
 * link texts; the page says those points in the spec's own words, and adds only the OAI-PMH
 * section for harvesters (issue 26 §3) and the catalogue's downloads (issue 27 §3).
 */
export function AboutPage() {
  const t = useT();
  const title = t('about.title', 'Um okkum');
  useDocumentTitle(title);
  return (
    <Page title={title}>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.submit} className={`${primaryButton} ${focusRing}`}>
          {t('about.submit_now', 'Submit Media Now')}
        </Link>
        <Link to={paths.contributorRegister} className={`${secondaryButton} ${focusRing}`}>
          {t('about.register', 'Register as Contributor')}
        </Link>
      </div>

      <Section title={t('about.flow.title', 'How it works')}>
        <ol className="grid gap-4 sm:grid-cols-3">
          {[
            {
              title: t('about.flow.1.title', '1. Give a contribution'),
              text: t('about.flow.1.kinds', 'Photos, video, audio, documents'),
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
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="rounded-lg border border-slate-200 p-4">
            <h3 className="mb-2 font-semibold text-slate-900">
              {t('about.ways.anonymous.title', 'Anonymous submission')}
            </h3>
            <Bullets
              items={[
                t('about.ways.anonymous.no_registration', 'No registration'),
                t('about.ways.anonymous.privacy', 'Privacy protected'),
                t('about.ways.anonymous.curation', 'Expert curation'),
                t('about.ways.anonymous.credit', 'Credit'),
              ]}
            />
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            <h3 className="mb-2 font-semibold text-slate-900">
              {t('about.ways.registered.title', 'Registered contributor')}
            </h3>
            <Bullets
              items={[
                t('about.ways.registered.track', 'Track submissions and status'),
                t('about.ways.registered.dashboard', 'Personal dashboard with profile and statistics'),
                t('about.ways.registered.priority', 'Priority review'),
                t('about.ways.registered.recognition', 'Community recognition'),
              ]}
            />
          </div>
        </div>
        <p className="mt-4">
          <Link to={paths.contributorRegister} className={textLink}>
            {t('about.join', 'Join as Contributor')}
          </Link>
          {' · '}
          <Link to={paths.contributorLogin} className={textLink}>
            {t('about.sign_in', 'Already have an account? Sign in')}
          </Link>
        </p>
      </Section>

      <Section title={t('about.why.title', 'Why contribute?')}>
        <Bullets
          items={[
            t('about.why.memories', 'Preserve memories'),
            t('about.why.access', 'Global access'),
            t('about.why.safe', 'Safe and secure'),
            t('about.why.recognition', 'Recognition'),
          ]}
        />
      </Section>

      <Section title={t('about.wanted.heading', 'What is wanted')}>
        <Bullets
          items={[
            t('about.wanted.photos', 'Historical photographs'),
            t('about.wanted.documents', 'Documents and records'),
            t('about.wanted.av', 'Audio and video'),
          ]}
        />
      </Section>

      <Section title={t('about.quality.title', 'Quality guidelines')}>
        <Bullets
          items={[
            t('about.quality.significance', 'Historical significance'),
            t('about.quality.good', 'Good quality'),
            t('about.quality.proper_context', 'Proper context with dates, locations and people'),
            t('about.quality.rights', 'Rights cleared'),
          ]}
        />
      </Section>

      <Section title={t('about.review.heading', 'Review process')}>
        <ol className="list-decimal space-y-1 pl-6">
          <li>{t('about.review.initial_review', 'Initial review for technical quality and relevance.')}</li>
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

      <OpenDataSections />

      <div className="mt-10">
        <Link to={paths.submit} className={`${primaryButton} ${focusRing}`}>
          {t('about.submit_now', 'Submit Media Now')}
        </Link>
      </div>
    </Page>
  );
}
