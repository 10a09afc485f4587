/**
 * Stop words of the translation languages other than English, in folded spelling (lowercase,
 * Latin accents stripped, Arabic-script Urdu through `normalizeArabic`). Short lists of
 * function words plus the question framing ("Quran", "verse") that says nothing about a topic.
 * They also drive the cheap stop-word vote that tells Latin-script languages apart.
 */
import type { TranslationLang } from '../../corpus/corpus-types.js';

const words = (s: string): ReadonlySet<string> => new Set(s.split(/\s+/).filter(Boolean));

export const TRANSLATION_STOP_WORDS: Readonly<Record<Exclude<TranslationLang, 'en' | 'zh'>, ReadonlySet<string>>> = {
  fr: words(`le la les de des du un une et en est que qui dans pour par sur au aux ce ces cette il ils elle elles nous vous
    je tu ne pas se sa son ses leur leurs ou mais donc y plus avec comme tout tous lui dit sont ont l d qu s n c j m
    quoi quel quelle quels comment pourquoi ou dit coran verset versets sourate me mon ma mes te ton ta tes`),
  es: words(`el la los las de del un una unos unas y o en que a por para con se su sus lo al es son no como mas pero le
    les me te nos os mi tu ha han fue era esta este esto estos ese eso sobre cuando porque que cual como donde coran
    versiculo versiculos sura dice ser hay muy`),
  id: words(`yang dan di ke dari ini itu dengan untuk pada adalah dalam tidak akan kamu mereka kami kita ia dia apa bagi
    atau oleh juga telah sudah ada tentang bagaimana apakah mengapa kenapa quran alquran ayat surah surat sebagai`),
  tr: words(`ve bir bu da de ile icin ne o su mi mu mı ki ama gibi daha cok en her sen ben biz siz onlar onu ona olan
    olarak ise kuran ayet ayetler sure hakkında nedir nasıl neden niye icin diye sey`),
  sv: words(`och i att det som en ett pa ar av for med till den de om har inte var jag du han hon vi ni sig sin sitt
    sina men fran vad hur varfor koranen vers verser sura ska kan`),
  ru: words(`и в во не что он на я с со как а то все она так его но да ты к у же вы за бы по только ее мне было вот от
    меня еще нет о из ему когда даже ли если уже или ни быть был него до вас там себя ей может они тут где есть
    ней для мы тебя их чем была сам без чего тоже себе под будет тогда кто этот того потому этого какои какая
    этом чтобы нее были всех можно при об после над тот через эти нас про всего них коран корана аят аяты сура говорит`),
  ur: words(`کے کی کا میں ہے اور سے کو نے پر یہ وہ ہیں تھا تھے جو کہ بھی تو ہو کیا اس ان ایک لیے گیا نہیں کر
    کرو کرتے ہوں اپنے قران ایت ایات سورہ بارے متعلق کیوں کیسے`),
  bn: words(`এবং ও যে এই সে তার তাদের কি না তিনি আর থেকে করে জন্য হয় হবে ছিল কোন যা তা তোমরা আমরা তারা আমি
    তুমি এর একটি কুরআন আয়াত সূরা সম্পর্কে কেন কিভাবে`),
};
