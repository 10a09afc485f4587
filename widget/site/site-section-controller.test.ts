// @vitest-environment happy-dom
import { nothing } from 'lit';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/ui-language.js';
import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { SiteSectionController, type SiteSectionOptions } from './site-section-controller.js';
import type { SiteKnowledge } from './site-knowledge.js';

function section(options: Partial<SiteSectionOptions>) {
  const warnings: string[] = [];
  const host = Object.assign(document.createElement('div'), fakeControllerHost());
  const controller = new SiteSectionController(host as never, {
    site: () => null,
    attribute: () => undefined,
    proxyBase: () => undefined,
    adoptStyles: () => {},
    warn: (w) => warnings.push(w),
    ...options,
  });
  return { controller, warnings };
}

describe("when the mosque's passages are linked", () => {
  it("should link to the site-base-url attribute over the proxy's base, and to neither when both are unset", () => {
    expect(section({ attribute: () => 'https://mosque.example/info/', proxyBase: () => 'https://proxy-base.example' }).controller.linkBase).toBe(
      'https://mosque.example/info/',
    );
    expect(section({ proxyBase: () => 'https://proxy-base.example/pages' }).controller.linkBase).toBe('https://proxy-base.example/pages');
    expect(section({}).controller.linkBase).toBeUndefined();
  });

  it('should refuse an unsafe base with a warning and link nothing', () => {
    const { controller, warnings } = section({ attribute: () => 'javascript:alert(1)', proxyBase: () => 'https://proxy-base.example' });
    expect(controller.linkBase).toBeUndefined();
    expect(warnings).toHaveLength(1);
  });
});

describe('when there are no documents', () => {
  it('should render nothing and adopt no styles', () => {
    let adopted = 0;
    const { controller } = section({ adoptStyles: () => void adopted++ });
    controller.hostUpdated();
    expect([controller.template([], translator('en')), adopted]).toStrictEqual([nothing, 0]);
  });

  it('should adopt their styles once they are here', () => {
    const adopted: unknown[] = [];
    const styles = { cssText: '.site {}' };
    const { controller } = section({ site: () => ({ styles }) as unknown as SiteKnowledge, adoptStyles: (s) => void adopted.push(s) });
    controller.hostUpdated();
    expect(adopted).toStrictEqual([styles]);
  });
});
