<?php
/**
 * Deleting the plugin removes its settings, on every site of a multisite network (each site keeps
 * its own); nothing else was stored.
 */
if (!defined('WP_UNINSTALL_PLUGIN')) {
	exit;
}
if (is_multisite()) {
	foreach (get_sites(array('fields' => 'ids', 'number' => 0)) as $quran_dai_site) {
		switch_to_blog($quran_dai_site);
		delete_option('quran_dai_settings');
		restore_current_blog();
	}
} else {
	delete_option('quran_dai_settings');
}
