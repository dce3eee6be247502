/**
 * React DOM, started by start.ts in a task of its own before the app's modules (main.tsx) are
 * evaluated: the two were one task of ~25 ms on this machine (×4 on Lighthouse's phone), and two
 * shorter tasks leave a gap between them for a tap or a frame. Importing what main.tsx uses from
 * here is what makes the bundler start React DOM in this module's chunk and not in the app's.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
