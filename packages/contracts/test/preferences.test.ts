import { describe, expect, it } from 'vitest';
import { defaultPreferences, layoutOptions, parsePreferences, preferencesInput } from '../src/preferences';

describe('layout preferences', () => {
  it('the defaults are those of SPEC §4', () => {
    expect(defaultPreferences).toEqual({
      layout: {
        layout: 'vertical',
        theme: 'light',
        sidebarSize: 'lg',
        sidebarVisibility: 'show',
        sidebarColor: 'dark',
        sidebarImage: 'none',
        width: 'fluid',
        position: 'fixed',
        topbar: 'light',
        preloader: 'disable',
      },
      language: 'en',
      density: 'comfortable',
      weekStart: 'auto',
    });
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'dark'],
    ['an array', ['x']],
    ['null', null],
  ])('reads %s as the defaults', (_label, input) => {
    expect(parsePreferences(input)).toEqual(defaultPreferences);
  });

  it('keeps valid values and drops invalid ones, setting by setting', () => {
    const parsed = parsePreferences({
      layout: { theme: 'dark', layout: 'diagonal', sidebarColor: 'gradient-3', width: 42, bogus: 'x' },
      language: 'klingon',
    });
    expect(parsed.layout).toEqual({
      ...defaultPreferences.layout,
      theme: 'dark',
      sidebarColor: 'gradient-3',
    });
    expect(parsed.language).toBe('en');
    expect(parsed.layout).not.toHaveProperty('bogus');
  });

  it('the API schema accepts every value of every setting and refuses others by name', () => {
    for (const [setting, values] of Object.entries(layoutOptions)) {
      for (const value of values) {
        const layout = { ...defaultPreferences.layout, [setting]: value };
        expect(
          preferencesInput.safeParse({ layout, language: 'fr', density: 'compact', weekStart: 'monday' })
            .success,
        ).toBe(true);
      }
    }
    const bad = preferencesInput.safeParse({
      layout: { ...defaultPreferences.layout, sidebarSize: 'xl' },
      language: 'en',
      density: 'comfortable',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('sidebarSize must be one of: lg, md, sm, sm-hover.');
  });
});
