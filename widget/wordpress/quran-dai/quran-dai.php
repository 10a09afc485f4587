<?php
/**
 * Plugin Name:       Quran Da'i
 * Description:       A question box that answers visitors' questions about Islam from the Quran: verses found in the visitor's browser, verified Surah:Ayah links, and a short answer through your quran-dai proxy.
 * Version:           0.1.0
 * Requires at least: 6.0
 * Requires PHP:      7.4
 * Text Domain:       quran-dai
 *
 * Adds Settings → Quran Da'i, the shortcode [quran_dai] and the block "Quran Da'i". The widget
 * script comes from the proxy you set (its /widget/quran-dai.js); this plugin holds no keys.
 */

if (!defined('ABSPATH')) {
	exit;
}

const QURAN_DAI_OPTION = 'quran_dai_settings';
const QURAN_DAI_LANGS = array('', 'en', 'ar', 'ur', 'id', 'tr', 'fr', 'bn', 'es', 'ru', 'sv', 'zh');
const QURAN_DAI_LAYOUTS = array('inline', 'floating');
const QURAN_DAI_THEMES = array('light', 'dark', 'auto');
const QURAN_DAI_MODES = array('chat', 'search');

/** The saved settings, each with its default. */
function quran_dai_settings() {
	$saved = get_option(QURAN_DAI_OPTION, array());
	return wp_parse_args(is_array($saved) ? $saved : array(), array(
		'proxy'        => '',
		'lang'         => '',
		'layout'       => 'inline',
		'theme'        => 'light',
		'contact_href' => '',
		'audio_base'   => '',
	));
}

/** The proxy's address: https, or http on this computer (a test or a local proxy). */
function quran_dai_valid_proxy($url) {
	$url = esc_url_raw(trim((string) $url), array('http', 'https'));
	if ($url === '') {
		return '';
	}
	$parts = wp_parse_url($url);
	if (!$parts || empty($parts['host'])) {
		return null;
	}
	$local = in_array($parts['host'], array('localhost', '127.0.0.1', '[::1]'), true);
	if ($parts['scheme'] !== 'https' && !$local) {
		return null;
	}
	return untrailingslashit($url);
}

/** A way to reach a person: https:, mailto:, tel: or a path on this site (the widget checks it again). */
function quran_dai_valid_contact($href) {
	$href = trim((string) $href);
	if ($href === '') {
		return '';
	}
	if ($href[0] === '/' && (strlen($href) < 2 || $href[1] !== '/')) {
		return esc_url_raw($href);
	}
	$clean = esc_url_raw($href, array('https', 'mailto', 'tel'));
	return $clean === '' ? null : $clean;
}

/** A recitation URL template: https with {surah} and {ayah}, or {SSS} and {AAA}. */
function quran_dai_valid_audio($template) {
	$template = trim((string) $template);
	if ($template === '') {
		return '';
	}
	$placeholders = (strpos($template, '{surah}') !== false && strpos($template, '{ayah}') !== false)
		|| (strpos($template, '{SSS}') !== false && strpos($template, '{AAA}') !== false);
	if (!preg_match('#^https://[^\s"\'<>\\\\`]+$#', $template) || !$placeholders) {
		return null;
	}
	return $template;
}

/** Keeps what is valid; a refused value keeps the one before and says why. */
function quran_dai_sanitize($input) {
	$before = quran_dai_settings();
	$input = is_array($input) ? $input : array();
	$out = $before;
	$checks = array(
		'proxy'        => array('quran_dai_valid_proxy', __('The proxy address must start with https:// (for example https://quran-dai.example.workers.dev).', 'quran-dai')),
		'contact_href' => array('quran_dai_valid_contact', __('The contact link must be an https:, mailto: or tel: link, or a path on this site such as /contact.', 'quran-dai')),
		'audio_base'   => array('quran_dai_valid_audio', __('The recitation address must be an https:// address with {surah} and {ayah} (or {SSS} and {AAA}) in it.', 'quran-dai')),
	);
	foreach ($checks as $key => $check) {
		$value = call_user_func($check[0], isset($input[$key]) ? wp_unslash($input[$key]) : '');
		if ($value === null) {
			add_settings_error(QURAN_DAI_OPTION, 'quran-dai-' . $key, $check[1]);
		} else {
			$out[$key] = $value;
		}
	}
	$lists = array('lang' => QURAN_DAI_LANGS, 'layout' => QURAN_DAI_LAYOUTS, 'theme' => QURAN_DAI_THEMES);
	foreach ($lists as $key => $allowed) {
		$value = isset($input[$key]) ? sanitize_key(wp_unslash($input[$key])) : '';
		if (in_array($value, $allowed, true)) {
			$out[$key] = $value;
		}
	}
	return $out;
}

add_action('admin_init', function () {
	register_setting('quran_dai', QURAN_DAI_OPTION, array('type' => 'array', 'sanitize_callback' => 'quran_dai_sanitize'));
});

add_action('admin_menu', function () {
	add_options_page(__("Quran Da'i", 'quran-dai'), __("Quran Da'i", 'quran-dai'), 'manage_options', 'quran-dai', 'quran_dai_settings_page');
});

/** One row of the settings form. */
function quran_dai_field($key, $label, $control, $help) {
	printf('<tr><th scope="row"><label for="quran-dai-%1$s">%2$s</label></th><td>%3$s<p class="description">%4$s</p></td></tr>', esc_attr($key), esc_html($label), $control, esc_html($help));
}

function quran_dai_select($key, $value, $choices) {
	$options = '';
	foreach ($choices as $choice => $label) {
		$options .= sprintf('<option value="%s"%s>%s</option>', esc_attr($choice), selected($value, $choice, false), esc_html($label));
	}
	return sprintf('<select id="quran-dai-%1$s" name="%2$s[%1$s]">%3$s</select>', esc_attr($key), esc_attr(QURAN_DAI_OPTION), $options);
}

function quran_dai_text($key, $value, $placeholder) {
	return sprintf('<input type="text" class="regular-text code" id="quran-dai-%1$s" name="%2$s[%1$s]" value="%3$s" placeholder="%4$s">', esc_attr($key), esc_attr(QURAN_DAI_OPTION), esc_attr($value), esc_attr($placeholder));
}

function quran_dai_settings_page() {
	if (!current_user_can('manage_options')) {
		wp_die(esc_html__('Only administrators can change these settings.', 'quran-dai'));
	}
	$s = quran_dai_settings();
	$langs = array('' => __("The page's language", 'quran-dai'), 'en' => 'English', 'ar' => 'العربية', 'ur' => 'اردو', 'id' => 'Bahasa Indonesia', 'tr' => 'Türkçe', 'fr' => 'Français', 'bn' => 'বাংলা', 'es' => 'Español', 'ru' => 'Русский', 'sv' => 'Svenska', 'zh' => '中文');
	echo '<div class="wrap"><h1>' . esc_html__("Quran Da'i", 'quran-dai') . '</h1>';
	echo '<p>' . esc_html__('Put [quran_dai] on a page (or add the "Quran Da\'i" block) where the question box should appear.', 'quran-dai') . '</p>';
	echo '<form method="post" action="options.php">';
	settings_fields('quran_dai');
	echo '<table class="form-table" role="presentation">';
	quran_dai_field('proxy', __('Proxy address', 'quran-dai'), quran_dai_text('proxy', $s['proxy'], 'https://quran-dai.example.workers.dev'), __('Where your quran-dai proxy runs. Add this site\'s address to the proxy\'s ALLOWED_ORIGINS so visitors get written answers.', 'quran-dai'));
	quran_dai_field('lang', __('Language', 'quran-dai'), quran_dai_select('lang', $s['lang'], $langs), __('The language of the question box.', 'quran-dai'));
	quran_dai_field('layout', __('Layout', 'quran-dai'), quran_dai_select('layout', $s['layout'], array('inline' => __('In the page', 'quran-dai'), 'floating' => __('A button in the corner that opens it', 'quran-dai'))), __('How the shortcode and the block show it.', 'quran-dai'));
	quran_dai_field('theme', __('Colours', 'quran-dai'), quran_dai_select('theme', $s['theme'], array('light' => __('Light', 'quran-dai'), 'dark' => __('Dark', 'quran-dai'), 'auto' => __("The visitor's setting", 'quran-dai'))), __('Light, dark, or as the visitor\'s device prefers.', 'quran-dai'));
	quran_dai_field('contact_href', __('Contact link', 'quran-dai'), quran_dai_text('contact_href', $s['contact_href'], 'mailto:imam@mosque.example'), __('Shown under answers, and put forward when the Quran\'s verses cannot settle a question alone. Empty: none.', 'quran-dai'));
	quran_dai_field('audio_base', __('Recitation', 'quran-dai'), quran_dai_text('audio_base', $s['audio_base'], 'https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3'), __('Where each verse\'s recitation is. Empty: no play buttons.', 'quran-dai'));
	echo '</table>';
	submit_button();
	echo '</form></div>';
}

/** The element with the settings (a shortcode or block attribute wins where it is valid); enqueues the widget script. */
function quran_dai_render($atts = array()) {
	$s = quran_dai_settings();
	$atts = is_array($atts) ? $atts : array();
	if ($s['proxy'] === '') {
		if (current_user_can('manage_options')) {
			return '<p class="quran-dai-unset">' . sprintf(
				/* translators: %s: link to the settings page */
				esc_html__("Quran Da'i: set the proxy address in %s.", 'quran-dai'),
				'<a href="' . esc_url(admin_url('options-general.php?page=quran-dai')) . '">' . esc_html__("Settings → Quran Da'i", 'quran-dai') . '</a>'
			) . '</p>';
		}
		return '';
	}
	$pick = function ($key, $allowed) use ($atts, $s) {
		$value = isset($atts[$key]) ? sanitize_key($atts[$key]) : '';
		if ($value !== '' && in_array($value, $allowed, true)) {
			return $value;
		}
		return isset($s[$key]) ? $s[$key] : '';
	};
	wp_enqueue_script('quran-dai', $s['proxy'] . '/widget/quran-dai.js', array(), null, true);
	// Each value escaped once, as it is written: URLs through esc_url (which also drops a scheme
	// not allowed), the rest through esc_attr.
	$attributes = array(
		'proxy'        => esc_url($s['proxy'], array('http', 'https')),
		'lang'         => esc_attr($pick('lang', QURAN_DAI_LANGS)),
		'layout'       => esc_attr($pick('layout', QURAN_DAI_LAYOUTS)),
		'theme'        => esc_attr($pick('theme', QURAN_DAI_THEMES)),
		'mode'         => esc_attr($pick('mode', QURAN_DAI_MODES)),
		'contact-href' => $s['contact_href'] === '' ? '' : esc_url($s['contact_href'], array('http', 'https', 'mailto', 'tel')),
		'audio-base'   => esc_attr($s['audio_base']),
	);
	$html = '';
	foreach ($attributes as $name => $value) {
		if ($value !== '') {
			$html .= sprintf(' %s="%s"', $name, $value);
		}
	}
	return '<quran-dai' . $html . '></quran-dai>';
}

add_shortcode('quran_dai', 'quran_dai_render');

/** The widget is an ES module. */
add_filter('script_loader_tag', function ($tag, $handle) {
	if ($handle !== 'quran-dai') {
		return $tag;
	}
	return str_replace('<script ', '<script type="module" ', $tag);
}, 10, 2);

add_action('init', function () {
	wp_register_script('quran-dai-block', plugins_url('block.js', __FILE__), array('wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-i18n'), '0.1.0', true);
	register_block_type('quran-dai/widget', array(
		'api_version'     => 2,
		'editor_script'   => 'quran-dai-block',
		'render_callback' => 'quran_dai_render',
		'attributes'      => array(
			'layout' => array('type' => 'string', 'default' => ''),
			'lang'   => array('type' => 'string', 'default' => ''),
			'theme'  => array('type' => 'string', 'default' => ''),
			'mode'   => array('type' => 'string', 'default' => ''),
		),
	));
});

/** "Settings" beside Deactivate in the plugin list. */
add_filter('plugin_action_links_' . plugin_basename(__FILE__), function ($links) {
	array_unshift($links, '<a href="' . esc_url(admin_url('options-general.php?page=quran-dai')) . '">' . esc_html__('Settings', 'quran-dai') . '</a>');
	return $links;
});
