// The demo page's language switch: the widgets follow the chosen interface language (and its
// translation, since the demo leaves `translation` unset). `?lang=ur` opens the demo in Urdu,
// so a link can show it to someone else. On a real site, set `lang` on the tag instead.
const select = document.getElementById('demo-lang');
const widgets = document.querySelectorAll('quran-dai');

function apply(lang) {
  for (const widget of widgets) widget.setAttribute('lang', lang);
  select.value = lang;
}

const fromUrl = new URLSearchParams(location.search).get('lang');
if (fromUrl && [...select.options].some((o) => o.value === fromUrl)) apply(fromUrl);

select.addEventListener('change', () => {
  apply(select.value);
  const url = new URL(location.href);
  url.searchParams.set('lang', select.value);
  history.replaceState(null, '', url);
});
