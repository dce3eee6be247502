/**
 * sharp as the server uses it: every module that makes images imports it from here, so the
 * settings below hold before the first image.
 *
 * libvips keeps the results of recent operations (by default up to 50 MB, 20 files and 100
 * operations) to answer a repeated one from memory. The server never repeats one (each derivative
 * is made once, from a file), so the cache only held memory after each job (issue 13 part 4).
 */
import sharp from 'sharp';

sharp.cache(false);

export default sharp;
