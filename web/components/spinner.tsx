import { LoaderCircle } from 'lucide-react';

/** A spinner with a visible status text, announced politely to screen readers. */
export function Spinner({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-700">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
      <span>{text}</span>
    </div>
  );
}

export function FullScreenSpinner({ text }: { text: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-white">
      <Spinner text={text} />
    </div>
  );
}
