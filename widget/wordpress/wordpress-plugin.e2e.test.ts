/**
 * The WordPress plugin on a real WordPress (Debian's package, its own MariaDB and PHP's web
 * server), driven in Chromium as a mosque's volunteer would: activate it, save its settings
 * (a bad contact link refused, said why), put the shortcode on a page, and see a visitor search
 * with the widget it loads from the proxy. Also: the settings need an administrator and a
 * nonce, every setting is escaped where it is written into the page, the block renders like the
 * shortcode, and deleting the plugin removes its settings. Answers come from a fake xAI.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../proxy/testing/redis-server.js';
import { pluginZip } from '../../scripts/wordpress-build/plugin-zip.js';
import { REPO_ROOT } from '../../scripts/widget-build/build-widget-bundle.js';
import { startE2eStack, type E2eStack } from '../testing/e2e/e2e-stack.js';
import { installReadyLog, waitForWidgetReady } from '../testing/e2e/widget-page.js';
import { missingWordPressParts, startRealWordPress, WP_ADMIN, type RealWordPress } from './testing/real-wordpress.js';

const missing = missingWordPressParts();
if (missing.length > 0)
  console.log(
    `skipping the real-WordPress plugin tests: this machine lacks the Debian packages ${missing.join(', ')} (npm test installs them through scripts/install-system-deps.sh when it runs as root)`,
  );

let stack: E2eStack;
let wp: RealWordPress;

beforeAll(async () => {
  if (missing.length > 0) return;
  const port = await freeLoopbackPort();
  stack = await startE2eStack({ withIndex: false, env: { ALLOWED_ORIGINS: `http://127.0.0.1:${port}` } });
  wp = await startRealWordPress({ port, pluginZip: pluginZip(join(REPO_ROOT, 'widget', 'wordpress', 'quran-dai')) });
}, 120_000);

afterAll(async () => {
  await wp?.close();
  await stack?.close();
});

async function logIn(page: Page, user: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto(`${wp.url}/wp-login.php`, { waitUntil: 'networkidle' });
  // The login page's own scripts set up its fields as it loads: on a busy machine a password typed
  // too early reached WordPress empty. Fill until both fields hold what was typed.
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.fill('#user_login', user);
    await page.fill('#user_pass', password);
    if ((await page.inputValue('#user_login')) === user && (await page.inputValue('#user_pass')) === password) break;
  }
  await page.click('#wp-submit');
  await page.waitForLoadState();
  // A new site asks its administrator to confirm the site's email once.
  if (page.url().includes('action=confirm_admin_email')) await page.click('#correct-admin-email');
  await page.waitForURL(/\/wp-admin\//, { timeout: 15_000 }).catch(async () => {
    throw new Error(`logging in as ${user} stopped at ${page.url()}: ${(await page.locator('#login_error, body').first().textContent())?.slice(0, 300)}`);
  });
}

/** The plugin active whatever an earlier test did (activating an active plugin changes nothing). */
const activated = () => wp.php(`require_once ABSPATH . 'wp-admin/includes/plugin.php'; activate_plugin('quran-dai/quran-dai.php');`);

const settings = async () => JSON.parse(await wp.php(`echo wp_json_encode(get_option('quran_dai_settings'));`)) as Record<string, string> | false;

describe.skipIf(missing.length > 0)('when a volunteer installs the plugin on WordPress', () => {
  it('should activate, save its settings, and put a searching widget on a page through the shortcode', async () => {
    const page = await stack.browser.context.newPage();
    await logIn(page, WP_ADMIN.user, WP_ADMIN.password);

    await page.goto(`${wp.url}/wp-admin/plugins.php`);
    await Promise.all([page.waitForURL(/plugins\.php\?.*activate=true/), page.click('#activate-quran-dai')]);
    expect(await page.locator('#message, .notice-success').first().textContent()).toContain('activated');

    await page.goto(`${wp.url}/wp-admin/options-general.php?page=quran-dai`);
    await page.fill('#quran-dai-proxy', stack.baseUrl);
    await page.fill('#quran-dai-contact_href', 'javascript:alert(1)');
    await page.selectOption('#quran-dai-theme', 'dark');
    await Promise.all([page.waitForURL(/settings-updated=true/), page.click('#submit')]);
    expect(await page.locator('.notice-error, .error').first().textContent()).toContain('The contact link must be');
    expect(await settings()).toMatchObject({ proxy: stack.baseUrl, contact_href: '', theme: 'dark', layout: 'inline' });

    await page.fill('#quran-dai-contact_href', 'mailto:imam@mosque.example');
    await Promise.all([page.waitForURL(/settings-updated=true/), page.click('#submit')]);
    expect(await settings()).toMatchObject({ contact_href: 'mailto:imam@mosque.example' });

    const pageId = (
      await wp.php(
        `echo wp_insert_post(['post_type' => 'page', 'post_status' => 'publish', 'post_title' => 'Ask about Islam', 'post_content' => '[quran_dai]']);`,
      )
    ).trim();
    expect(pageId).toMatch(/^\d+$/);

    // A visitor (logged out) on that page.
    await page.context().clearCookies();
    await installReadyLog(page);
    const problems: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
    await page.goto(`${wp.url}/?page_id=${pageId}`);
    const script = page.locator('script[src$="/widget/quran-dai.js"]');
    expect(await script.getAttribute('type')).toBe('module');
    expect(await script.getAttribute('src')).toBe(`${stack.baseUrl}/widget/quran-dai.js`);
    const element = page.locator('quran-dai');
    expect(await element.getAttribute('proxy')).toBe(stack.baseUrl);
    expect(await element.getAttribute('theme')).toBe('dark');
    expect(await element.getAttribute('contact-href')).toBe('mailto:imam@mosque.example');
    await waitForWidgetReady(page, 'anonymous', 60_000).catch((e: Error) => {
      throw new Error(`${e.message}; the page's console: ${problems.join(' | ')}`);
    });
    await element.locator('[part~="input"]').fill('seek help through patience and prayer');
    await element.locator('[part~="submit"]').click();
    await element.locator('article[part~="verse"][data-ref="2:153"]').waitFor({ timeout: 30_000 });
    // The proxy lets this site (in ALLOWED_ORIGINS) have written answers.
    await element.locator('[part~="answer-body"][aria-busy="false"]').waitFor({ timeout: 30_000 });
    expect(await element.locator('a[part~="citation-verified"]').count()).toBeGreaterThan(0);
    await page.close();
  }, 180_000);

  it("should let only an administrator, with the form's nonce, change the settings", async () => {
    const page = await stack.browser.context.newPage();
    const before = await settings();
    await logIn(page, WP_ADMIN.user, WP_ADMIN.password);
    const forged = await page.request.post(`${wp.url}/wp-admin/options.php`, {
      form: { option_page: 'quran_dai', action: 'update', 'quran_dai_settings[proxy]': 'https://evil.example' },
    });
    expect(await forged.text()).toContain('The link you followed has expired');
    expect(await settings()).toStrictEqual(before);

    await wp.php(`$id = wp_create_user('member', 'member-test-password-1', 'member@mosque.example'); (new WP_User($id))->set_role('subscriber');`);
    await logIn(page, 'member', 'member-test-password-1');
    await page.goto(`${wp.url}/wp-admin/options-general.php?page=quran-dai`);
    expect(await page.locator('body').textContent()).toContain('Sorry, you are not allowed to access this page.');
    await page.context().clearCookies();
    await page.close();
  }, 60_000);

  it('should escape every setting where it is written into the page, whatever the database holds', async () => {
    await activated();
    await wp.php(
      `update_option('quran_dai_settings', ['proxy' => 'https://proxy.example/" onload="alert(1)', 'lang' => 'ar', 'layout' => 'inline', 'theme' => 'x" onclick="alert(2)', 'contact_href' => 'javascript:alert(3)', 'audio_base' => 'https://a.example/{surah}{ayah}" onmouseover="alert(4)']);`,
    );
    const html = await wp.php(`echo do_shortcode('[quran_dai]');`);
    expect(html).not.toMatch(/ on(load|click|mouseover)="/);
    expect(html).not.toContain('javascript:');
    expect(html).toContain('audio-base="https://a.example/{surah}{ayah}&quot; onmouseover=&quot;alert(4)"');
  });

  it('should render the block as the shortcode, a block or shortcode attribute winning over the settings', async () => {
    await activated();
    await wp.php(
      `update_option('quran_dai_settings', ['proxy' => 'https://quran-dai.example.workers.dev', 'lang' => '', 'layout' => 'inline', 'theme' => 'light', 'contact_href' => '', 'audio_base' => '']);`,
    );
    const block = await wp.php(`echo do_blocks('<!-- wp:quran-dai/widget {"layout":"floating","mode":"search"} /-->');`);
    expect(block.trim()).toBe('<quran-dai proxy="https://quran-dai.example.workers.dev" layout="floating" theme="light" mode="search"></quran-dai>');
    const shortcode = await wp.php(`echo do_shortcode('[quran_dai lang="ar" layout="sideways"]');`);
    expect(shortcode.trim()).toBe('<quran-dai proxy="https://quran-dai.example.workers.dev" lang="ar" layout="inline" theme="light"></quran-dai>');
  });

  it('should remove its settings when it is deleted', async () => {
    expect(await settings()).not.toBe(false);
    await wp.php(
      `require_once ABSPATH . 'wp-admin/includes/plugin.php'; deactivate_plugins('quran-dai/quran-dai.php'); uninstall_plugin('quran-dai/quran-dai.php');`,
    );
    expect(await settings()).toBe(false);
  });
});
