/**
 * The "Quran Da'i" block in the editor: a placeholder (the question box itself runs on the
 * published page, rendered by the plugin's PHP) with its layout, language and mode in the
 * sidebar. Plain script, no build step: WordPress provides wp.blocks, wp.element and friends.
 */
(function (wp) {
  var el = wp.element.createElement;
  var __ = wp.i18n.__;
  var InspectorControls = wp.blockEditor.InspectorControls;
  var SelectControl = wp.components.SelectControl;
  var PanelBody = wp.components.PanelBody;

  function choice(label, value, options, onChange) {
    return el(SelectControl, { label: label, value: value, options: options, onChange: onChange });
  }

  wp.blocks.registerBlockType('quran-dai/widget', {
    title: __("Quran Da'i", 'quran-dai'),
    description: __('A question box that answers from the Quran.', 'quran-dai'),
    icon: 'book',
    category: 'widgets',
    attributes: {
      layout: { type: 'string', default: '' },
      lang: { type: 'string', default: '' },
      theme: { type: 'string', default: '' },
      mode: { type: 'string', default: '' },
    },
    edit: function (props) {
      var a = props.attributes;
      var set = function (key) {
        return function (value) {
          var next = {};
          next[key] = value;
          props.setAttributes(next);
        };
      };
      var asSettings = { label: __('As in Settings', 'quran-dai'), value: '' };
      return el(
        'div',
        { className: 'quran-dai-block-placeholder', style: { border: '1px dashed #8c8f94', padding: '1em' } },
        el(
          InspectorControls,
          null,
          el(
            PanelBody,
            { title: __("Quran Da'i", 'quran-dai') },
            choice(
              __('Layout', 'quran-dai'),
              a.layout,
              [asSettings, { label: __('In the page', 'quran-dai'), value: 'inline' }, { label: __('A button in the corner', 'quran-dai'), value: 'floating' }],
              set('layout'),
            ),
            choice(
              __('Answers', 'quran-dai'),
              a.mode,
              [
                asSettings,
                { label: __('Verses and a written answer', 'quran-dai'), value: 'chat' },
                { label: __('Verses only', 'quran-dai'), value: 'search' },
              ],
              set('mode'),
            ),
            choice(
              __('Colours', 'quran-dai'),
              a.theme,
              [
                asSettings,
                { label: __('Light', 'quran-dai'), value: 'light' },
                { label: __('Dark', 'quran-dai'), value: 'dark' },
                { label: __("The visitor's setting", 'quran-dai'), value: 'auto' },
              ],
              set('theme'),
            ),
          ),
        ),
        __("Quran Da'i: the question box appears here on the published page.", 'quran-dai'),
      );
    },
    save: function () {
      return null;
    },
  });
})(window.wp);
