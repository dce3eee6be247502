import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, isAppPath, matchRoute, paths, ROUTES } from './paths.ts';

describe('the paths module', () => {
  it('builds links with their parameter encoded as one segment', () => {
    expect(paths.media('abc')).toBe('/media/abc');
    expect(paths.slideshow('a/b?c')).toBe('/slideshow/a%2Fb%3Fc');
    expect(paths.admin.activity).toBe('/admin/activity');
  });

  it('knows every page of the app, and nothing else', () => {
    for (const path of ['/', '/about', '/submit', '/login', '/reset-password', '/contributor/login']) {
      expect(isAppPath(path), path).toBe(true);
    }
    for (const path of Object.values(ADMIN_ROUTES)) expect(isAppPath(path), path).toBe(true);
    expect(isAppPath('/contributor/register')).toBe(true);
    expect(isAppPath('/contributor/dashboard')).toBe(true);
    expect(isAppPath('/contributor-login')).toBe(true);
    expect(isAppPath('/media/123e4567-e89b-12d3-a456-426614174000')).toBe(true);
    expect(isAppPath('/slideshow/x')).toBe(true);
    for (const path of [
      '/wp-login.php',
      '/media',
      '/media/',
      '/media/a/b',
      '/admin/nothing-here',
      '/about/',
      '/aboutx',
      '/contributor',
      '/api/me',
      '',
    ]) {
      expect(isAppPath(path), path).toBe(false);
    }
  });

  it('reads a route’s parameters, decoded, or null', () => {
    expect(matchRoute(ROUTES.media, '/media/abc')).toEqual({ id: 'abc' });
    expect(matchRoute(ROUTES.media, '/media/a%20b')).toEqual({ id: 'a b' });
    expect(matchRoute(ROUTES.media, '/media/%E0%A4%A')).toBeNull();
    expect(matchRoute(ROUTES.media, '/slideshow/abc')).toBeNull();
    expect(matchRoute(ROUTES.about, '/about')).toEqual({});
  });
});
