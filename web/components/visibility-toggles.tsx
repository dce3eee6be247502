import { Eye, EyeOff, Star } from 'lucide-react';

const ring = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const pill = `inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold ${ring}`;

/**
 * The Public and Featured toggle buttons of one record (media, documents, slideshows): pressed
 * state for assistive technology, and the record's name read after each label so a list of them
 * can be told apart.
 */
export function VisibilityToggles({
  name,
  isPublic,
  isFeatured,
  onChange,
  labels,
}: {
  name: string;
  isPublic: boolean;
  isFeatured: boolean;
  onChange: (change: { isPublic: boolean } | { isFeatured: boolean }) => void;
  labels: { public: string; featured: string; publicHint?: string; privateHint?: string };
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        aria-pressed={isPublic}
        title={isPublic ? labels.publicHint : labels.privateHint}
        onClick={() => onChange({ isPublic: !isPublic })}
        className={`${pill} ${
          isPublic
            ? 'border-green-700 bg-green-50 text-green-800'
            : 'border-slate-400 bg-slate-100 text-slate-800'
        }`}
      >
        {isPublic ? (
          <Eye aria-hidden="true" className="size-3.5" />
        ) : (
          <EyeOff aria-hidden="true" className="size-3.5" />
        )}
        {labels.public}
        <span className="sr-only"> ({name})</span>
      </button>
      <button
        type="button"
        aria-pressed={isFeatured}
        onClick={() => onChange({ isFeatured: !isFeatured })}
        className={`${pill} ${
          isFeatured
            ? 'border-amber-700 bg-amber-50 text-amber-900'
            : 'border-slate-400 bg-slate-100 text-slate-800'
        }`}
      >
        <Star aria-hidden="true" className={`size-3.5 ${isFeatured ? 'fill-current' : ''}`} />
        {labels.featured}
        <span className="sr-only"> ({name})</span>
      </button>
    </div>
  );
}
