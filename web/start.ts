import './styles.css';

/**
 * The page's entry: the style sheet, then the app (main.tsx). A page the server drew is painted
 * first and its script fetched after, so a slow phone shows the page as soon as its HTML and style
 * sheet arrive and the app's 120 kB never stand in their way (nor in the first picture's). A page
 * the server did not draw (the back office, an error) has nothing to show until the app runs: it
 * starts at once.
 */
// zod (the forms' checks) probes once whether it may compile its checks with `new Function`; our
// CSP (script-src 'self') refuses that, and though zod catches the refusal the browser reports it
// (the console, Lighthouse's best practices). zod's own switch skips the probe; it is read from
// this global (what `z.config({ jitless: true })` sets), set here so the zod chunk needs no
// import in the entry. e2e/hydration.e2e.ts fails on any refused script.
Object.assign(globalThis, { __zod_globalConfig: { jitless: true } });

const drawn = document.getElementById('root')?.hasChildNodes() ?? false;
if (drawn) afterFirstPaint(startApp);
else startApp();

/**
 * Evaluating React's modules, the app's, and taking the page over are three tasks, not one (~25 ms
 * on this machine, ×4 on a slow phone): between them the phone can draw a frame or answer a tap.
 * The app's chunk is fetched meanwhile (its URL is in the page: vite.config.ts, `appModuleMeta`).
 */
function startApp(): void {
  const app = document.querySelector<HTMLMetaElement>('meta[name="app-module"]')?.content;
  if (app) {
    const preload = document.createElement('link');
    preload.rel = 'modulepreload';
    preload.href = app;
    document.head.append(preload);
  }
  void import('./framework.ts')
    .then(nextTask)
    .then(() => import('./main.tsx'))
    .then(({ boot }) => setTimeout(boot, 0));
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` in the task after the next frame is painted: a frame callback runs just before the
 * paint, and a task it posts runs after it. A page the browser does not paint (a tab opened in
 * the background) gets no frames, so a timer starts the work anyway.
 */
function afterFirstPaint(work: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    work();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 500);
}
