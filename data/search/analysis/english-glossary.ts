/**
 * Query-side glossary: Islamic terms and Arabic names that visitors type in English text,
 * mapped to the words the Saheeh International translation uses ("salah" → "prayer",
 * "Musa" → "Moses", "God" → "Allah"). Generic vocabulary, not tuned to any question set.
 * Keys are lowercased, accent-free single words.
 */
// biome-ignore format: the words are grouped by subject, several to a line
const GLOSSARY: Readonly<Record<string, string>> = {
  god: 'allah',
  salah: 'prayer', salat: 'prayer', namaz: 'prayer', salaah: 'prayer', pray: 'prayer',
  zakat: 'zakah', zakaat: 'zakah',
  sadaqah: 'charity', sadaqa: 'charity', sadaqat: 'charity',
  jumuah: 'friday', jummah: 'jumuah friday', jumma: 'jumuah friday', jumah: 'jumuah friday', juma: 'jumuah friday',
  sawm: 'fast', siyam: 'fast', fasting: 'fast', ramadan: 'fast month',
  hajj: 'hajj pilgrimage', umrah: 'umrah pilgrimage',
  jannah: 'paradise garden', heaven: 'paradise', firdaws: 'paradise',
  jahannam: 'hell hellfire', jahannum: 'hell hellfire', hell: 'hellfire fire',
  tawbah: 'repentance repent', tawba: 'repentance repent', tauba: 'repentance repent',
  sabr: 'patience patient', shukr: 'grateful gratitude thankful', taqwa: 'fear righteous',
  iman: 'faith believe', imaan: 'faith believe', kufr: 'disbelief disbelieve',
  kafir: 'disbeliever', kafirs: 'disbelievers', kuffar: 'disbelievers', kafireen: 'disbelievers',
  shirk: 'associate partners', mushrik: 'polytheist associate', mushrikeen: 'polytheists',
  tawhid: 'one deity', tawheed: 'one deity', ibadah: 'worship',
  dua: 'supplication invoke', duaa: 'supplication invoke', dhikr: 'remembrance remember', zikr: 'remembrance remember',
  akhirah: 'hereafter', akhira: 'hereafter', afterlife: 'hereafter', dunya: 'worldly life',
  qiyamah: 'resurrection', qiyama: 'resurrection', judgement: 'judgement recompense',
  jihad: 'strive fight', riba: 'usury interest', nikah: 'marriage marry', talaq: 'divorce',
  halal: 'lawful', haram: 'unlawful forbidden', zina: 'unlawful sexual', adultery: 'unlawful sexual',
  alcohol: 'wine intoxicants', drinking: 'wine intoxicants', pork: 'swine',
  wudu: 'wash prayer', ablution: 'wash prayer', ghusl: 'bathe', hijab: 'cover', khimar: 'cover',
  qibla: 'qiblah', kaaba: 'house sacred', kabah: 'house sacred', rizq: 'provision', ummah: 'nation',
  nabi: 'prophet', rasul: 'messenger', rasool: 'messenger', malaika: 'angels', malaikah: 'angels',
  shaytan: 'satan', shaitan: 'satan', shaitaan: 'satan', devil: 'satan', iblis: 'iblees',
  ibrahim: 'abraham', musa: 'moses', isa: 'jesus', maryam: 'mary', nuh: 'noah', yusuf: 'joseph',
  yunus: 'jonah', dawud: 'david', dawood: 'david', sulaiman: 'solomon', sulayman: 'solomon',
  harun: 'aaron', haroon: 'aaron', ismail: 'ishmael', ishaq: 'isaac', yaqub: 'jacob', lut: 'lot',
  ayyub: 'job', zakariya: 'zechariah', zakariyya: 'zechariah', yahya: 'john', firaun: 'pharaoh',
  firawn: 'pharaoh', ilyas: 'elias', idris: 'idrees', shuaib: 'shuayb',
  muhammad: 'muhammad messenger prophet',
};

/** Expansion words for one folded query word, or undefined. */
export function glossaryExpansion(word: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(GLOSSARY, word) ? GLOSSARY[word] : undefined;
}
