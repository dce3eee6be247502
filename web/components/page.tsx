import type { ReactNode } from 'react';

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
