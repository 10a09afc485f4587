/**
 * Fixed text each track's analyzers are run over to fingerprint them (analyzer-fingerprint.ts):
 * a few verses of the track (1:1, 1:2, 1:5, 2:1, 2:153, 112:1, as the track's index sees them)
 * and a few questions a visitor might type. Any change to a normaliser, stemmer, stop-word list
 * or n-gram rule that touches these words changes the fingerprint, and so the snapshot key.
 * Keep common stop words and typical question framing in here; changing this text changes every
 * key once (stored snapshots are then rebuilt), which is safe.
 */
import type { SearchTrack } from '../query/language-detect.js';

export interface AnalyzerSample {
  /** Verse texts as the track's index is built from them (`indexTerms`). */
  readonly verses: readonly string[];
  /** Texts analysed as queries (`terms`, `queryTerms`). */
  readonly queries: readonly string[];
}

export const ANALYZER_SAMPLES: Readonly<Record<SearchTrack, AnalyzerSample>> = {
  'arabic-search': {
    verses: [
      'بسم الله الرحمن الرحيم',
      'الحمد لله رب العلمين',
      'اياك نعبد واياك نستعين',
      'الم',
      'يا ايها الذين امنوا استعينوا بالصبر والصلاه ان الله مع الصبرين',
      'قل هو الله احد',
      // 2:22's words that end in a hamza, which the index also keys as typed without it.
      'والسماء بناء وانزل من السماء ماء',
    ],
    queries: [
      'ما هو الصبر في القرآن',
      'ماذا يقول الله عن الذين آمنوا والصلاة',
      'الذين تابوا وباركنا لهم في بيوتكن والغراب',
      'بِسۡمِ ٱللَّهِ ٱلرَّحۡمَٰنِ ٱلرَّحِيمِ',
      'ٱلۡحَمۡدُ لِلَّهِ رَبِّ ٱلۡعَٰلَمِينَ',
      'إِيَّاكَ نَعۡبُدُ وَإِيَّاكَ نَسۡتَعِينُ',
      'الٓمٓ',
      'يَـٰٓأَيُّهَا ٱلَّذِينَ ءَامَنُواْ ٱسۡتَعِينُواْ بِٱلصَّبۡرِ وَٱلصَّلَوٰةِۚ إِنَّ ٱللَّهَ مَعَ ٱلصَّـٰبِرِينَ',
      'قُلۡ هُوَ ٱللَّهُ أَحَدٌ',
    ],
  },
  'translit': {
    verses: [
      'Bismi Allahi alrrahmani alrraheemi',
      'Alhamdu lillahi rabbi alAAalameena',
      'Iyyaka naAAbudu waiyyaka nastaAAeenu',
      'Aliflammeem',
      'Ya ayyuha allatheena amanoo istaAAeenoo bialssabri waalssalati inna Allaha maAAa alssabireena',
      'Qul huwa Allahu ahadun',
    ],
    queries: ['bismillah', 'sabr salah', 'ayat al kursi'],
  },
  'en': {
    verses: [
      'In the name of Allah, the Entirely Merciful, the Especially Merciful',
      '[All] praise is [due] to Allah, Lord of the worlds',
      'It is You we worship and You we ask for help',
      'Alif, Lam, Meem',
      'O you who have believed, seek help through patience and prayer. Indeed, Allah is with the patient',
      'Say, "He is Allah, [who is] One',
    ],
    queries: ['what does the Quran say about patience and prayer?', 'who are the righteous', 'mercy of Allah', "When is Jumu'ah? the Qur'an and du'a, don't"],
  },
  'bn': {
    verses: [
      'শুরু করছি আল্লাহর নামে যিনি পরম করুণাময়, অতি দয়ালু।',
      'যাবতীয় প্রশংসা আল্লাহ তাআলার যিনি সকল সৃষ্টি জগতের পালনকর্তা।',
      'আমরা একমাত্র তোমারই ইবাদত করি এবং শুধুমাত্র তোমারই সাহায্য প্রার্থনা করি।',
      'আলিফ লাম মীম।',
      'হে মুমিন গন! তোমরা ধৈর্য্য ও নামাযের মাধ্যমে সাহায্য প্রার্থনা কর। নিশ্চিতই আল্লাহ ধৈর্য্যশীলদের সাথে রয়েছেন।',
      'বলুন, তিনি আল্লাহ, এক',
    ],
    queries: ['কুরআন ধৈর্য সম্পর্কে কী বলে', 'আল্লাহর রহমত'],
  },
  'es': {
    verses: [
      'En el nombre de Dios, el Compasivo con toda la creación, el Misericordioso con los creyentes',
      'Todas las alabanzas son para Dios, Señor de todo cuanto existe',
      'solo a Ti te adoramos y solo de Ti imploramos ayuda',
      'Álif. Lam. Mim',
      '¡Oh, creyentes! Busquen ayuda en la paciencia y la oración; que Dios está con los pacientes',
      'Di: "Él es Al-lah, Uno',
    ],
    queries: ['¿qué dice el Corán sobre la paciencia?', 'la misericordia de Dios'],
  },
  'fr': {
    verses: [
      "Au nom d'Allah, le Tout Miséricordieux, le Très Miséricordieux",
      "Louange à Allah, Seigneur de l'univers",
      "C'est Toi [Seul] que nous adorons, et c'est Toi [Seul] dont nous implorons secours",
      'Alif, Lâm, Mim',
      "O les croyants! Cherchez secours dans l'endurance et la Salât. Car Allah est avec ceux qui sont endurants",
      'Dis: «Il est Allah, Unique',
    ],
    queries: ['que dit le Coran sur la patience ?', 'la miséricorde de Dieu'],
  },
  'id': {
    verses: [
      'Dengan nama Allah Yang Maha Pengasih, Maha Penyayang',
      'Segala puji bagi Allah, Tuhan seluruh alam',
      'Hanya kepada Engkaulah kami menyembah dan hanya kepada Engkaulah kami mohon pertolongan',
      'Alif Lām Mīm',
      'Wahai orang-orang yang beriman! Mohonlah pertolongan (kepada Allah) dengan sabar dan salat. Sungguh, Allah beserta orang-orang yang sabar',
      'Katakanlah (Muhammad), "Dialah Allah, Yang Maha Esa',
    ],
    queries: ['apa kata Al-Quran tentang sabar', 'rahmat Allah'],
  },
  'ru': {
    verses: [
      'Во имя Аллаха, Милостивого, Милосердного',
      'Хвала Аллаху, Господу миров',
      'Тебе одному мы поклоняемся и Тебя одного молим о помощи',
      'Алиф. Лам. Мим',
      'О те, которые уверовали! Обратитесь за помощью к терпению и намазу. Воистину, Аллах - с терпеливыми',
      'Скажи: «Он - Аллах Единый',
    ],
    queries: ['что Коран говорит о терпении', 'милость Аллаха'],
  },
  'sv': {
    verses: [
      'I GUDS, DEN NÅDERIKES, DEN BARMHÄRTIGES NAMN',
      'Lov och pris tillkommer Gud, världarnas Herre',
      'Dig tillber vi; Dig anropar vi om hjälp',
      'Alif lam meem',
      'TROENDE! Sök med tålamod [Guds] hjälp i bönen! Gud är sannerligen med de tålmodiga, de som håller ut',
      'SÄG: "Han är Gud - En',
    ],
    queries: ['vad säger Koranen om tålamod', 'Guds barmhärtighet'],
  },
  'tr': {
    verses: [
      "Rahman ve Rahim olan Allah'ın adıyla",
      "Hamd, Alemlerin Rabbi Allah'a mahsustur",
      'Ancak Sana kulluk eder ve yalnız Senden yardım dileriz',
      'Elif, Lam, Mim',
      'Ey İnananlar! Sabır ve namazla yardım dileyin. Allah, muhakkak ki sabredenlerle beraberdir',
      'De ki: O Allah bir tektir',
    ],
    queries: ['Kuran sabır hakkında ne diyor', "Allah'ın rahmeti"],
  },
  'ur': {
    verses: [
      'اللہ کے نام سے جو رحمان و رحیم ہے',
      'تعریف اللہ ہی کے لیے ہے جو تمام کائنات کا رب ہے',
      'ہم تیری ہی عبادت کرتے ہیں اور تجھی سے مدد مانگتے ہیں',
      'الف لام میم',
      'اے لوگو جو ایمان لائے ہو، صبر اور نماز سے مدد لو اللہ صبر کرنے والوں کے ساتھ ہے',
      'کہو، وہ اللہ ہے، یکتا',
    ],
    queries: ['قرآن صبر کے بارے میں کیا کہتا ہے', 'اللہ کی رحمت'],
  },
  'zh': {
    verses: [
      '奉至仁至慈的安拉之名',
      '一切赞颂，全归安拉，养育众世界的主，',
      '我们只崇拜你，我们只求你祐助。',
      '艾列弗，俩目，米目。',
      '信道的人们啊！你们当借坚忍和拜功而求佑助。安拉确是与坚忍者同在的。',
      '你说：“他是安拉，是独一的主；',
    ],
    queries: ['古兰经关于忍耐说了什么', '安拉的慈悯'],
  },
};
