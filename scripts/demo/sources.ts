/**
 * Where the demo files come from: public packages only, fetched on first use and cached under
 * `.test-data/fixtures/` by the same helpers the tests use (npm pack for exif@0.6.0,
 * `apt-get download` for Debian packages, never installed). Each source names the package and its
 * licence, so the seed can credit it truthfully in the item's source and attribution fields.
 */
import { dirname, join } from 'node:path';
import {
  alsaWav,
  debianFixture,
  exifFixtures,
  freedesktopOgg,
  ghostscriptPdf,
  opencvAvi,
} from '#server/test/fixtures.ts';

export interface DemoSource {
  /** Resolves to a local path of the file (downloading the package on first use). */
  path: () => Promise<string>;
  /** The package it comes from and its licence, e.g. 'Debian: mate-backgrounds (GPL-2+)'. */
  origin: string;
  /** Who made it, where the package says so. */
  author?: string;
}

const exif = (file: string, author?: string): DemoSource => ({
  path: async () => join(await exifFixtures(), file),
  origin: 'npm: exif@0.6.0, test/ (MIT)',
  author,
});

/** mate-backgrounds 1.26: photographs under /usr/share/backgrounds/mate, GPL-2+ (its copyright file). */
const mate = (file: string, author: string): DemoSource => ({
  path: () => debianFixture('mate-backgrounds', `usr/share/backgrounds/mate/${file}`),
  origin: 'Debian: mate-backgrounds (GPL-2+)',
  author,
});

/** scikit-image's sample images as packaged by Debian (python3-skimage, BSD-3-Clause). */
const skimage = (file: string, author?: string): DemoSource => ({
  path: () => debianFixture('python3-skimage', `usr/lib/python3/dist-packages/skimage/data/${file}`),
  origin: 'Debian: python3-skimage, skimage/data (BSD-3-Clause)',
  author,
});

const alsa = (file: string): DemoSource => ({
  path: async () => join(dirname(await alsaWav()), file),
  origin: 'Debian: alsa-utils, /usr/share/sounds/alsa (GPL-2)',
  author: 'ALSA project',
});

/** sound-theme-freedesktop: each sound's own licence and author from the package's copyright file. */
const freedesktop = (file: string, licence: string, author: string): DemoSource => ({
  path: async () => join(dirname(await freedesktopOgg()), file),
  origin: `Debian: sound-theme-freedesktop (${licence})`,
  author,
});

export const SOURCES = {
  // npm exif@0.6.0 test photos
  cardGame: exif('evil1.jpg'),
  carOnRoad: exif('test1.jpg'),
  carAtShop: exif('test2.jpg'),
  cityAtNight: exif('sony-alpha-6000.jpg'),
  flowerAbroad: exif('short-ascii-MM.jpg'),
  // mate-backgrounds
  elephants: mate('abstract/Elephants.jpg', 'Wyng Stancikaite'),
  aqua: mate('nature/Aqua.jpg', 'Charles Barbin'),
  blinds: mate('nature/Blinds.jpg', 'Lennart Poettering, Andrea Cimitan'),
  dune: mate('nature/Dune.jpg', 'Marco Cogoni, Hylke Bons'),
  freshFlower: mate('nature/FreshFlower.jpg', 'Jens Ansorg'),
  garden: mate('nature/Garden.jpg', 'Charles Barbin'),
  greenMeadow: mate('nature/GreenMeadow.jpg', 'Timothy Schellhase, Lapo Calamandrei'),
  ladyBird: mate('nature/LadyBird.jpg', 'Charles Barbin'),
  rainDrops: mate('nature/RainDrops.jpg', 'blackcombwhistler07'),
  storm: mate('nature/Storm.jpg', 'Sergey Nazarov'),
  twoWings: mate('nature/TwoWings.jpg', 'Charles Barbin, Hylke Bons'),
  wood: mate('nature/Wood.jpg', 'MATE Desktop'),
  yellowFlower: mate('nature/YellowFlower.jpg', 'Charles Barbin'),
  // scikit-image sample data
  cameraman: skimage('camera.png'),
  coins: skimage('coins.png', 'Walters Art Museum'),
  page: skimage('page.png'),
  text: skimage('text.png'),
  moon: skimage('moon.png'),
  cat: skimage('chelsea.png', 'Stéfan van der Walt'),
  coffee: skimage('coffee.png', 'Rachel Michetti'),
  grass: skimage('grass.png'),
  gravel: skimage('gravel.png'),
  brick: skimage('brick.png'),
  // opencv-doc sample videos
  tree: { path: () => opencvAvi('tree.avi'), origin: 'Debian: opencv-doc, examples/data (BSD-3-Clause)' },
  square: { path: () => opencvAvi('vtest.avi'), origin: 'Debian: opencv-doc, examples/data (BSD-3-Clause)' },
  // sounds
  speakerCentre: alsa('Front_Center.wav'),
  speakerLeft: alsa('Front_Left.wav'),
  bell: freedesktop('bell.oga', 'CC-BY-3.0', 'Dr. Richard Boulanger et al.'),
  phone: freedesktop('phone-incoming-call.oga', 'GPL-2+', 'Damien Sandras'),
  shutter: freedesktop('camera-shutter.oga', 'CC-BY-SA-3.0', 'horsthorstensen (freesound)'),
  alarm: freedesktop('alarm-clock-elapsed.oga', 'CC-BY-SA-3.0', 'Tim/corsica_s'),
  // PDFs
  colourManual: {
    path: ghostscriptPdf,
    origin: 'Debian: ghostscript-doc (AGPL-3)',
    author: 'Artifex Software',
  },
  mimeSpec: {
    path: () => debianFixture('shared-mime-info', 'usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf'),
    origin: 'Debian: shared-mime-info (GPL-2+)',
    author: 'freedesktop.org',
  },
  asnManual: {
    path: () => debianFixture('libtasn1-doc', 'usr/share/doc/libtasn1-doc/libtasn1.pdf'),
    origin: 'Debian: libtasn1-doc (GFDL-1.3+)',
    author: 'Free Software Foundation',
  },
} satisfies Record<string, DemoSource>;

export type SourceName = keyof typeof SOURCES;
