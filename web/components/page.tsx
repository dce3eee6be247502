import type { ReactNode } from 'react';
import { useT } from '../app/i18n.tsx';

/** The page body inside the layout's <main>: one h1, then the content. */
export function Page({
  title,
  children,
  width = 'max-w-5xl',
}: {
  title: string;
  children?: ReactNode;
  width?: string;
}) {
  return (
    <div className={`mx-auto w-full ${width} px-4 py-8`}>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </div>
  );
}

/** The line shown on screens whose real content is still to come. */
export function BeingBuilt() {
  const t = useT();
  return <p className="text-slate-700">{t('common.being_built', 'This screen is being built.')}</p>;
}

/** A page whose screen is still to come: its heading and the being-built line. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <BeingBuilt />
    </Page>
  );
}
