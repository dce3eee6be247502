/** A labelled bar with its value for assistive technology; the visible text sits beside it. */
export function ProgressBar({
  percent,
  label,
  tone = 'blue',
}: {
  percent: number;
  label: string;
  tone?: 'blue' | 'green' | 'red';
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const fill = { blue: 'bg-blue-700', green: 'bg-green-700', red: 'bg-red-700' }[tone];
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={`${value}%`}
      className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
    >
      <div
        className={`h-full rounded-full ${fill} transition-[width] duration-300`}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}
