/** The slideshow player's control styles, shared by its top and bottom bars. */
export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
// No display or padding here: the fullscreen button says `hidden`, the play button is larger.
export const controlButton = `items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/25 ${focusRing}`;
