<?php
/**
 * Deleting the plugin removes its settings; nothing else was stored.
 */
if (!defined('WP_UNINSTALL_PLUGIN')) {
	exit;
}
delete_option('quran_dai_settings');
