/**
 * Arabic words the light stemmer folds onto the key of an unrelated word, each given a key of its
 * own. Found with `npm run find:stem-collisions -- --track ar` (words of the search text, the
 * Arabic topic words and the visitor questions whose light stems are shared by words that
 * multilingual-e5-small reads as far apart), then read group by group: only true collisions are
 * here, and the rarer meaning moves (الغراب, the crow, leaves الغرب, the west). Most come from the
 * skeleton's removal of every inner ا, which no rule can undo without losing the Uthmani spellings
 * it exists for. Words are in normalised spelling, exactly as they occur (with their clitics).
 */

/**
 * A split key starts with a tatweel (U+0640), which normalising removes from every text, so no
 * word's stem or root can ever equal one.
 */
export const SPLIT_KEY_MARK = '\u0640';

/** Each key with the words that take it. */
export const ARABIC_STEM_SPLIT_TABLE: Readonly<Record<string, readonly string[]>> = {
  // 7:4 qa'ilun 'taking their midday rest' (q-y-l) vs qawl 'say/said/speech' (from قيل)
  'قيلوله': ['قايلون'],
  // crow (5:31) vs west / sunset (الغرب، غربت، غربيه) (from غرب)
  'غراب': ['الغراب', 'غرابا'],
  // weigh / weight (w-z-n: 17:35, 18:105, 83:3) vs adultery, adulterer (الزنا، الزاني، الزانيه) (from زن)
  'وزن': ['وزنوا', 'وزنا', 'وزنوهم'],
  // [questions only] dialect 'wait' (visitor questions) vs uswa 'model, example' (اسوه حسنه) (from اسه)
  'استني': ['استني'],
  // al-Ayka, the Thicket (26:176, 38:13) vs li-yakuna 'so that he be' (ليكون) (from ليك)
  'ايكه': ['لايكه'],
  // fa+arada 'so he/they/I wanted' (17:103, 37:98, 18:79) vs single, alone (فردا، فرادي، الفرديه) (from فرد)
  'اراد': ['فاراد', 'فارادوا', 'فاردت'],
  // averting, return (13:11 لا مرد له, 19:76, r-d-d) vs rebellious (مارد، مردوا) (from مرد)
  'ردد': ['فردوه', 'فردوا', 'ارد', 'بردهن', 'برادي', 'مرد', 'مردا'],
  // flowing (spring 88:12), the ship (69:11), ongoing charity vs neighbour (جار، الجار، جاري 'my neighbour') (from جر)
  'جاريه': ['الجاريه', 'جاريه'],
  // 'cry out, implore' (23:65, j-'-r) vs neighbour (الجار، جاري) (from جر)
  'جءر': ['تجاروا'],
  // [questions only] dialect 'they ran' (visitor question on Uhud) vs neighbour (الجار، جاري) (from جر)
  'جريان': ['جروا'],
  // '(each soul) strives' (20:15) vs nine (تسع، تسعه) (from تسع)
  'سعي': ['اسعي', 'تسعي'],
  // grief, sorrow (7:93) vs worse (اسوا) (from اس)
  'اسي': ['تاس', 'تاسوا', 'اسي', 'والاسي'],
  // [questions only] Egyptian 'the poor, downtrodden' (visitor question) vs overcome, victory (غلبت، الغلبون) (from غلب)
  'غلابه': ['الغلابه'],
  // hold fast / hold up (7:170, 60:10; 'who holds the bird up') vs the poor (مسكين، المسكين، المساكين) (from مسك)
  'امساك': ['يمسكون', 'تمسكوا', 'ماسكه', 'ماسكها'],
  // musk (83:26 ختامه مسك) vs the poor (مسكين، المسكين) (from مسك)
  'مسكي': ['مسك'],
  // fa+aruni 'so show me' (31:11, r-'-y) vs 'and (the oven) boiled' (وفار) (from فر)
  'اراءه': ['ساوريكم', 'فاروني'],
  // 'climbed over the wall' (38:21) vs sura(s) (سوره، السوره) (from سور)
  'تسور': ['تسوروا'],
  // [questions only] Syrian / Syria (visitor question) vs sura (سوره، السوره) (from سور)
  'سوريا': ['سوريه'],
  // [questions only] Egyptian 'came' (visitor questions) vs wajhi 'my face' (وجهي) (from جه)
  'جيء': ['جه'],
  // [questions only] 'lack, scarcity' (قلة صبر/ادب, visitor questions) vs 'said it' (قالها، قلته، قلتها) (from قله)
  'قلل': ['قله'],
  // [questions only] 'begins' (questions, b-d-') vs 'he reveals/shows' (يبدوا، يبدي, b-d-w) (from يبد)
  'بدء': ['تبدا', 'بدانا', 'يبدا'],
  // the raiders (100:3, gh-w-r) vs 'one who changes' (مغيرا 8:53, gh-y-r) (from مغير)
  'مغيرات': ['فالمغيرت'],
  // [questions only] 'shorts' (clothing, visitor question) vs consultation (الشوري، وشاورهم) (from شور)
  'شورت': ['شورت'],
  // will come to it, their water-drawer (19:71, 12:19, 21:98, w-r-d) vs wanted (اراد) (from ارد)
  'ورود': ['وردا', 'ورود', 'واردها', 'واردهم', 'واردون'],
  // [questions only] Egyptian 'inside him' (visitor question) vs faces (وجوه، وجوههم) (from جوه)
  'جوا': ['جواه'],
  // 'call me senile' (12:94, f-n-d) vs fa+nada 'so he called' (فنادي، فنادوا) (from فند)
  'تفنيد': ['تفندون'],
  // 'a monstrous thing' (19:27) vs 'and (the oven) boiled' (وفار) (from فر)
  'فريه': ['فريا'],
  // [questions only] dialect 'it's over / that's it' (visitor questions) vs pure, sincere (خالص، خالصه) (from خلص)
  'خلاص': ['خلاص', 'وخلاص'],
  // 'we find' (20:115, w-j-d) vs the two highways (النجدين 90:10) (from نجد)
  'وجد': ['وجدوا', 'وجدكم', 'نجد'],
  // [questions only] the environment (visitor/topic questions) vs bi+ 'in me / with which' (بي، بيني، باي) (from بي)
  'بييه': ['البييه'],
  // [questions only] refugee (l-j-') vs persisted (لجوا 67:21), deep sea (لجي 24:40) (from لج)
  'لاجي': ['اللاجي'],
  // li+sunna 'for the way (of God)' (35:43, 33:62, 48:23) vs tongue, language (لسان، اللسان) (from لسن)
  'سنت': ['لسنت', 'لسنه'],
  // the Creator, creation (b-r-': 2:54, 59:24, 98:6) vs righteousness / land (البر، بالبر) (from بر)
  'باري': ['باريكم', 'الباري', 'البريه'],
  // 'we are free of you' (60:4, disavowal) vs righteousness (البر) (from بر)
  'براءه': ['براوا'],
  // [questions only; same root, distinct sense] 'I help (him/them)' (questions) vs 'happiest / I make happy' (اسعد) (from اسعد)
  'مساعده': ['ساعد', 'ساعدت', 'ساعدوني', 'اساعد', 'اساعده', 'اساعدهم'],
  // [questions only] Gulf 'my mates' (visitor questions) vs four, quarter (الربع، الرابع) in inheritance verses (from ربع)
  'ربعي': ['ربعي'],
  // 'caused him to die' (80:21) vs nation, mother (امه، امهتكم) (from امه)
  'اماته': ['واميت', 'اماته', 'والاماته'],
  // trial (37:106, 44:33, b-l-w) vs 'yes indeed', 'without', mind (بلي، بلا، بال) (from بل)
  'بلاء': ['البلوا', 'بلوا'],
  // evil consequence (5:95, 59:15, 64:5, w-b-l) vs 'yes indeed', mind (بلي، بال) (from بل)
  'وبال': ['وبال'],
  // give life, revive (5:32, 2:258) vs rulings (احكام، احكم) (from اح)
  'احياء': ['فاحيا', 'فاحيكم', 'احيا', 'احياها', 'احيهم', 'احي', 'واحي', 'احياكم', 'واحيا'],
  // [questions only] the adopted (child) (question) vs repentance (متاب، متابا) (from متب)
  'تبني': ['التبني', 'بالتبني', 'المتبني'],
  // settlement, abode (10:93, b-w-') vs return (ماب، مابا) (from مب)
  'بوء': ['تبوا', 'مبوا'],
  // 'and (their hearts) refuse' (9:8, '-b-y) vs repent (تاب) (from تب)
  'تابي': ['وتابي'],
  // [questions only] 'my knees' (prayer on a chair, visitor question) vs riding (ركبوا، تركبون) (from ركب)
  'ركبه': ['ركبي'],
  // leaders, imams (9:12, 21:73, 28:5) vs days (ايام، الايام) (from ايم)
  'ايمه': ['ايمه'],
  // fa+amanu 'so believe / so they believed' (3:179, 29:26) vs fa+min-hum 'and of them' (فمنهم، فمنكم) (from فمن)
  'ايمان': ['ايماني', 'فامنوا', 'فامنا', 'فامن', 'فامنت'],
  // asleep (7:97, 68:19) vs days (ايام) (from ايم)
  'نوم': ['نايمون', 'نايمين'],
  // the unmarried, widows (24:32) vs days (ايام) (from ايم)
  'ايامي': ['الايمي', 'الايامي'],
  // 'met' (3:155 التقي الجمعان, 54:12) and 'I meet' (question) vs piety, protection (تقيا، تقواهم، تقيكم) (from تق)
  'لقاء': ['التقي', 'فالتقي'],
  // 'they tilled/stirred up (the earth)' (30:9, th-w-r) vs traces, footprints (اثر، اثرهم) (from اثر)
  'اثاره': ['واثاروا'],
  // the name Zayd (33:37) vs increase (زياده، يزيدون) (from زيد)
  'زيدحارثه': ['زيد'],
  // [questions only] the sky (typed without hamza) vs name, namesake (سمي، سميا، سماكم) (from سم)
  'سماء': ['السما', 'للسما', 'والسما'],
  // 'do not be weary' (2:282, s-'-m) vs name (سمي، سماكم) (from سم)
  'سامه': ['تساموا'],
  // eye of the needle / poison (7:40) vs name (سمي، سماكم) (from سم)
  'سمم': ['سم'],
  // [questions only] dialect 'two' (questions) vs 'give us' (اتنا، واتنا) (from اتن)
  'اثنين': ['اتنين'],
  // respite, pause (38:15) vs above (فوق، فوقهم) (from فوق)
  'فواق': ['فواق'],
  // [questions only] visit (questions) vs minister (وزير، وزيرا) (from زير)
  'زياره': ['الزياره', 'زياره'],
  // like molten metal (18:29, 44:45, 70:8) vs 'give them respite' (ومهلهم) (from مهل)
  'كالمهل': ['كالمهل'],
  // 'nor hated (you)' (93:3, q-l-y) vs said (وقال، وقالوا) (from قل)
  'قلي': ['قلي'],
  // [questions only] Asiya, Pharaoh's wife (questions) vs worse (اسوا) (from اس)
  'اسيه': ['اسيه'],
  // [questions only] Levantine 'money' (visitor question) vs Egypt (مصر، مصري) (from مصر)
  'مصاري': ['مصاري'],
  // 'which we (can) read' (17:93, q-r-') vs the trumpet is sounded (نقر 74:8) (from نقر)
  'قراءه': ['نقروه'],
  // 'and stay (in your houses)' (33:33, q-r-r) vs the Quran (قرانا، بالقران) (from قرن)
  'قرار': ['ونقر', 'وقرن'],
  // [questions only; same root, distinct sense] driver, driving (questions) vs legs, stems (بالسوق، سوقه) (from سوق)
  'سياقه': ['سواق', 'سواقه'],
  // We promised (7:44, 28:61, 43:42) vs Eden (عدن) (from عدن)
  'وعود': ['وعده', 'وعدها', 'وعدتهم', 'وعدوه', 'وعدا', 'وعدهم', 'وعدكم', 'وعدنا', 'وعدنه', 'وعدنهم'],
  // enemy, enmity (2:36, 2:97, 8:60) vs returned / the people of 'Ad, normal (عاد، عادي) (from عد)
  'عداوه': ['عدوه', 'العدوه', 'العداوه', 'عدو', 'عدوا', 'العدو', 'عدوكم', 'وعدوكم', 'وعدو', 'عدوهم', 'وعدوا'],
  // [questions only] habit, custom (questions) vs number, waiting period ('idda) (from عده)
  'عاده': ['العاده', 'عاده'],
  // 'ruined you' (41:23, r-d-y) vs wanted (اراد) (from ارد)
  'ردي': ['ارداكم'],
  // the private chambers (49:4) vs stone(s) (الحجر، حجاره) (from حجر)
  'حجرات': ['الحجرت'],
  // [questions only; same root, distinct sense] 'directly' (questions) vs bearers of good news (مبشرين، مبشرا) (from مبشر)
  'مباشره': ['مباشره'],
  // 'and I will arouse vain desires in them' (4:119, m-n-y) vs 'for whom' (ولمن) (from لمن)
  'اماني': ['امانيهم', 'ولامنينهم'],
  // [questions only] 'our days' (question) vs faith, oaths, right hand (ايمنكم، الايمن) (from ايمن)
  'ايام': ['بايام', 'ايامنا'],
  // established them / gave power (6:6, 12:21, 7:10) vs place (مكان، مكانا) (from مكن)
  'تمكين': ['مكنهم', 'مكنا', 'مكنكم'],
  // hidden, well-guarded (37:49, 56:23, k-n-n) vs place (مكان، مكانا) (from مكن)
  'مكنون': ['مكنون', 'المكنون'],
  // 'associate (partners with God)' (60:12) vs sell (يشري، يشرون) (from يشر)
  'اشراك': ['يشركن'],
  // [questions only] the boat (questions) vs near, kin (القربي، تقربوا) (from قرب)
  'قارب': ['القارب'],
  // refuge, abode (3:151, 32:19) vs dialect 'not' (مو) (from مو)
  'ماوي': ['وماواه', 'ماواهم', 'وماواهم', 'الماوي', 'وماواكم', 'ماواكم'],
  // your water (67:30), water (dialect) vs dialect 'not' (مو) (from مو)
  'ماء': ['ماوها', 'ماوكم', 'المويه', 'مويه'],
  // two years (31:14) vs blind (عمين، العميان) (from عمين)
  'عام': ['عام', 'عاما', 'عامهم', 'عامين'],
  // [questions only] 'built' (questions) vs return, abode (ماب، مابا) (from مب)
  'بناء': ['مبني'],
  // [questions only] 'normal, ordinary, is it ok' (visitor questions) vs returned / the people of 'Ad (عاد، وعاد) (from عد)
  'عادي': ['عادي', 'العادي'],
  // [questions only; same root, distinct sense] friendship (questions) vs truth, charity (صدق، الصدقه) (from صدق)
  'صداقه': ['الصداقه'],
  // la+ghaniyy 'is indeed Free of need' (14:8, 29:6) vs idle talk (اللغو) (from لغ)
  'غني': ['لغني'],
  // 'they pass by' (12:105, m-r-r) vs he commands (يامر، يامركم) (from يمر)
  'مرور': ['يمرون'],
  // middle-aged (cow, 2:68) vs cooperate (تعاونوا) (from عون)
  'عوان': ['عوان'],
  // 'then fill (your bellies)' (37:66, 56:53) vs 'I gave respite' (فامليت) (from فملي)
  'ملء': ['فماليون'],
  // bi+bani 'the Children (of Israel)' (7:138, 10:90) vs door (الباب، باب) (from بب)
  'بني': ['ببني'],
  // [questions only; particle compound] 'and when?' (question) vs died (مات، ماتوا) (from مت)
  'متي': ['ومتي'],
  // restrain, hold back (4:84, 4:91, 21:39, k-f-f) vs suffice (يكفي، يكفيكم) (from يكف)
  'كفف': ['يكف', 'ويكفوا', 'يكفون'],
  // the ancient forefathers (26:76) vs feet (الاقدام، اقدامكم) (from اقدم)
  'قدماء': ['الاقدمون'],
  // 'protected / gives protection' (23:88, 46:31, j-w-r) vs flows (يجري) (from يجر)
  'اجاره': ['يجار', 'ويجركم'],
  // 'dragging him' (7:150), 'drags me' (question, j-r-r) vs flows (يجري) (from يجر)
  'جرر': ['يجره', 'يجرني'],
  // possessors of, people of (اولوا الالباب, 65:4 اولات الاحمال) vs first (اول، الاولين) (from اول)
  'اولو': ['اولوا', 'اولو', 'واولوا', 'اولت', 'واولت'],
  // his allies, guardians (8:34, w-l-y) vs first (اول) (from اول)
  'اوليا': ['اولياوه'],
  // suffering, pain (4:104) vs alif-lam-mim / 'did not...?' (الم) (from الم)
  'ايلام': ['تالمون', 'يالمون', 'الالم'],
  // equal, the same (2:6, 36:10, s-w-y) vs evil, harm (سوء، السوء) (from سوء)
  'سواء': ['سواء', 'وسواء', 'السواء'],
  // 'we will be asked' (34:25) vs offspring (نسله، والنسل) (from نسل)
  'سوال': ['نسال'],
  // 'and He protected us' (52:27, w-q-y) vs certain faith (يوقنون) (from وقن)
  'وقايه': ['ووقانا'],
  // 'is surely coming' (6:134, 15:85) vs al-Lat (اللات) (from لت)
  'اتيان': ['ايتوني', 'ايتوا', 'ايتيا', 'ساتيكم', 'لات', 'لاتيه'],
  // trade, commerce (2:282, 4:29, 62:11) vs flow (تجري) (from تجر)
  'تجاره': ['التجاره', 'تجره', 'تجرتهم', 'وتجره', 'التجره', 'تجاريا'],
  // 'hire yourself to me' (28:27, '-j-r) vs flow (تجري) (from تجر)
  'ايجار': ['تاجرني'],
  // your abode, resting place (6:128, 47:19) vs in twos (مثني، المثاني) (from مث)
  'مثوي': ['مثواكم', 'ومثواكم'],
  // Dhul-Qarnayn (18:83) vs the Quran (قرانا، والقران، بالقران) (from قرن)
  'قرنين': ['القرنين'],
  // generation (6:6, 19:74, 23:31) vs the Quran (قرانا، بالقران) (from قرن)
  'قرون': ['قرن', 'قرنا'],
  // the cave (9:40, questions) vs deluded (غر، وغرهم) (from غر)
  'غار': ['الغار'],
  // [questions only; same root, distinct sense] jealousy (questions) vs other, change (غير، غيره، يغيروا) (from غير)
  'غيره': ['يغاروا', 'الغيره', 'بالغيره'],
  // freezing cold wind (3:117) vs 'became' (صار) (from صر)
  'صرر': ['صر'],
  // [questions only; same root, distinct sense] the universe (questions) vs be (تكونوا، كونوا) (from كون)
  'اكوان': ['الكون'],
  // [questions only] equality (questions) vs touched (مسه، مستهم) (from مسه)
  'مساواه': ['المساواه'],
  // 'then he drew lots' (37:141) vs 'and He made them' (فسواهن) (from فس)
  'مساهمه': ['فساهم'],
  // [questions only] bi+Qarun (question) vs cow(s) (البقره، البقر) (from بقر)
  'قارون': ['بقارون'],
  // his wealth (2:264, 92:11) vs creed, religion (مله، المله) (from مله)
  'مال': ['ماله'],
  // his chiefs (10:88) vs creed (مله) (from مله)
  'ملا': ['وملاه'],
  // valley (26:225, 20:12, 28:30) vs love, wish (ود، ودا) (from ود)
  'وادي': ['وادي', 'واديا', 'واد', 'الوادي', 'بالواد', 'الواد'],
  // deliver, perform (44:18, questions) vs lower, nearer (ادني) (from اد)
  'اداء': ['ادوا', 'اديها', 'ادي'],
  // [questions only] care, intensive care (questions) vs 'from, about' (عنهم، عنكم) (from عن)
  'عنايه': ['العنايه', 'والعنايه'],
  // 'and curse them' (33:68) vs 'from them' (عنهم) (from عن)
  'لعنه': ['والعنهم'],
  // [questions only] Arafat vs know (يعرفون، عرف) (from عرف)
  'عرفات': ['عرفات'],
  // [questions only] fortune-teller vs know (يعرفون، عرف) (from عرف)
  'عراف': ['العراف'],
  // hide, conceal (2:284, 3:118, 5:15) vs 'fear not' (تخف، تخافوهم) (from تخف)
  'خفاء': ['وخفيه', 'خفيا', 'خفي', 'خافيه', 'تخفوه', 'تخفي', 'تخفون', 'تخفوها', 'تخفوا', 'وتخفون', 'وتخفي'],
  // importunately (2:273, l-h-f) vs well-informed / gracious (حفي، حفيا) (from حف)
  'الحاف': ['الحافا'],
  // 'and I give respite' (7:183, m-l-w) vs hope (الامل، امل) (from امل)
  'املاء': ['واملي'],
  // 'and complete (His favour)' (12:6, 48:2) vs orphans (اليتمي) (from يتم)
  'تمام': ['ويتم'],
  // secret talk, in private (4:114, 58:12, 12:80) vs save (نجي، نجاهم، ونجني) (from نج)
  'مناجاه': ['نجواهم', 'ونجواهم', 'نجواكم', 'نجيا'],
  // [questions only] 'we pray' (questions) vs 'We will burn him' (نصليه، نصليهم) (from نصل)
  'صلاه': ['اصلي', 'واصلي', 'بصلي', 'نصلي'],
  // the evenings (7:205, 13:15) vs origin (اصل) (from اصل)
  'اصيل': ['والاصال'],
  // burning (19:70, 37:163, 38:59, s-l-y) vs prayed (صلي، صلوا) (from صل)
  'اصطلاء': ['اصلوها', 'صليا', 'صال', 'صالوا'],
  // Manat, the idol (53:20) vs 'from it' (ومنها، ومنه) (from منه)
  'مناه': ['ومناه', 'مناه'],
  // honoured, distinguished (3:45, 33:69, w-j-h) vs 'I came to you' (جيتكم) (from جيه)
  'وجاهه': ['وجيها'],
  // [questions only] gambling (questions) vs the moon (القمر) (from قمر)
  'قمار': ['القمار', 'والقمار'],
  // weeping (19:58) vs 'with you' (بك) (from بك)
  'بكاء': ['وبكيا', 'البكا'],
  // 'beyond him, after him' (14:16, 14:17) vs 'saw them' (رايتهم) (from ريه)
  'وراء': ['ورايهم', 'ورايكم', 'ورايي', 'وراي', 'ورايا', 'ورايه'],
  // 'he fled' (37:140) vs more lasting (ابقي، وابقي) (from ابق)
  'اباق': ['ابق'],
  // fa+li-ummihi 'then for his mother' (4:11) vs fa+lamma 'then when' (فلما، فلم) (from فلم)
  'امهات': ['فلامه'],
  // 'and hope for' (29:36) vs 'put him off' (ارجه) (from ارج)
  'رجاء': ['وارجوا'],
  // its sides, borders (69:17) vs 'put him off' (ارجه) (from ارج)
  'ارجاء': ['ارجايها'],
  // [questions only] spiritual protection (questions) vs count (تحصوها، تحصوه) (from تحص)
  'تحصين': ['التحصين', 'للتحصين'],
  // like pottery (55:14) vs pride, boasting (الفخر، فخر) (from فخر)
  'فخار': ['كالفخار'],
  // crossed, passed beyond (2:249, 18:62) vs dialect 'my husband' (جوزي) (from جوز)
  'تجاوز': ['اتجاوز', 'جاوزه', 'جاوزا'],
  // 'my son' (11:45, questions) vs father (اب، ابو، اباوكم) (from اب)
  'ابناء': ['ابني'],
  // [questions only] dialect 'half' / text (question) vs forelock (ناصيه) (from نص)
  'نصوص': ['نص'],
  // [questions only; same root, distinct sense] peoples, nations (questions) vs most upright, more just (اقوم، واقوم) (from اقوم)
  'اقوام': ['اقوامهم', 'الاقوام'],
  // a rose (55:37) vs apostasy, return it (الرده، ردوها) (from رده)
  'ورده': ['ورده'],
  // 'I wish / would that' (4:73, 69:27) vs la+aya 'is a sign' (لايه) (from ليه)
  'ليت': ['ليتني', 'ليتها'],
  // guardian, protector (4:45, 3:122, 5:55, 7:196) vs dialect 'which/who' (اللي) (from لي)
  'ولي': ['وليه', 'وليتهم', 'وليا', 'وليهم', 'وليهما', 'وليكم', 'وليي'],
  // [questions only; same root, distinct sense] wellbeing, health (question) vs pardon (العفو، عفا) (from عف)
  'عافيه': ['بالعافيه'],
  // his/her house (4:100, 12:23) vs bi+aya 'with a sign' (بايه، بايته) (from بيه)
  'بيت': ['بيته', 'بيتها', 'وبيته'],
  // 'they are dragged' (40:71, 54:48) vs clouds (السحاب، سحابا) (from سحب)
  'انسحاب': ['يسحبون'],
  // [questions only] hours (questions) vs 'encompassed' (وسعت 7:156) (from سعت)
  'ساعه': ['ساعات'],
  // [questions only] answer (to prayer) vs duty (واجب، واجبه) (from اجب)
  'اجابه': ['اجابه'],
  // [questions only] meaning(s) (questions) vs with (معكم، معي) (from مع)
  'معاني': ['معني', 'معاني'],
  // youths, boys (56:17, 76:19); 'who gave birth to them' (58:2) vs 'from Us' (لدنا، لدن) (from لدن)
  'ولدان': ['ولدن', 'ولدنهم'],
  // 'will eat / would have eaten' (37:66, 5:66) vs 'for every' (لكل، ولكل) (from لكل)
  'ماكول': ['كلوا', 'وكلوا', 'كلي', 'لاكلون', 'لاكلوا'],
  // assembly, council (19:73, 96:17) vs called (نادي، ونادوا) (from ند)
  'نادي': ['نديا', 'ناديه'],
  // 'will return (to disbelief)' (44:15) vs festival (العيد) (from عيد)
  'عوده': ['عدنا', 'عايدون'],
  // Elisha (6:86, 38:48) vs strives (يسعي، يسعون) (from يسع)
  'اليسع': ['اليسع', 'واليسع'],
  // 'You judge' (39:46) vs greeting (تحيه، التحيه) (from تح)
  'حكم': ['تحكم'],
  // 'they press (grapes)' (12:49) vs the afternoon / time (العصر) (from عصر)
  'عصير': ['يعصرون'],
  // bi+aba'ina 'our fathers' (44:36, 45:25) vs 'with a clear proof' (ببينه) (from ببين)
  'اباء': ['ابانا', 'باباينا'],
  // [questions only] lung (question) vs 'saw them' (رايتهم) (from ريه)
  'الريه': ['الريه'],
  // [questions only] the family (questions) vs captives, night journey, concealed (الاسري، اسري، واسروا) (from اسر)
  'اسره': ['الاسره'],
  // my/their parents (27:19, 46:15) vs dialect 'this' (دي), my religion (ديني) (from دي)
  'والد': ['والدي', 'والديهم', 'والداي'],
  // 'as long as they remain' (5:24) vs blood (والدم) (from دم)
  'دوام': ['داموا'],
  // 'enticed, made fair-seeming' (12:18, 47:25) vs question (السوال) (from سول)
  'تسويل': ['سولت', 'سول'],
  // bi+rijal 'with men' (72:6) vs 'with their feet' (بارجلهن) (from برجل)
  'رجال': ['برجال'],
  // 'ah, indeed!' (wayka'anna 28:82) vs be (يكن) (from يكن)
  'ويكان': ['ويكان', 'ويكانه'],
  // [questions only] insulting (questions) vs Sheba (سبا) (from سب)
  'سباب': ['سب', 'السب', 'والسب'],
  // 'You/He bestowed favour' (1:7, 2:40, 8:53) vs cattle (الانعم، الانعام) (from انعم)
  'نعمه': ['انعمت', 'وانعمت', 'انعمها'],
  // [questions only] the Sabians (questions) vs child (صبيا) (from صب)
  'صابيه': ['الصابيه'],
  // pour (44:48, 80:25) vs child (صبيا) (from صب)
  'صبب': ['صبوا', 'صبا'],
  // [questions only] free of charge (question) vs madman (مجنون) (from مجن)
  'مجانا': ['مجانا'],
  // entrust, trust (3:75, 12:11, '-m-n) vs wish (تمنوا، تتمنوا) (from تمن)
  'امانه': ['لامنتهم', 'تامنه', 'تامنا'],
  // [questions only] intentionally (question) vs pillars (العماد، عمد) (from عمد)
  'تعمد': ['عمدا'],
  // 'of little value' (12:88) vs mixture (مزاجها، ومزاجه) (from مزج)
  'مزجاه': ['مزجاه'],
  // 'you have escaped' (28:25) vs secret conversation (النجوي) (from نجو)
  'نجاه': ['نجوت'],
  // 'he would have remained' (37:144, l-b-th) vs grief, spread (بثي، بث) (from بث)
  'لبث': ['للبث'],
  // threat, warning (14:14, 50:14, 50:45, w-'-d) vs festival (العيد، عيد) (from عيد)
  'وعيد': ['وعيد'],
  // fa+tara 'then you see' (5:52, 39:21) vs fabricate (يفترون) (from فتر)
  'رويه': ['فتري', 'فتراه'],
  // 'you kindle (fire)' (56:71, w-r-y) vs the Torah (التوراه) (from تور)
  'ايراء': ['تورون'],
  // '(the sun) was hidden' (38:32) vs the Torah (التوراه) (from تور)
  'تواري': ['توارت'],
  // '(what) made you know' (ما ادراك, d-r-y) vs overtake, reach (ادرك، ادركه) (from ادرك)
  'دري': ['ادراك'],
  // its vegetation (7:58, 57:20) vs prophethood (النبوه) (from نبه)
  'نبات': ['نباته'],
  // [questions only; same root, distinct sense] relationship(s) (questions) vs clinging clot (علقه، العلقه) (from علق)
  'علاقه': ['علاقه', 'العلاقه', 'علاقته', 'العلاقات'],
  // harm, hurt (2:196, 2:264, 33:48) vs 'and when' (واذا) (from اذ)
  'اذي': ['اذي', 'والاذي', 'اذاهم', 'اذوا', 'ااذي'],
  // red (35:27) vs donkeys (حمر، الحمار) (from حمر)
  'احمر': ['وحمر'],
  // '(what) we wish' (11:87, sh-y-') vs create (نشا، ناشيه) (from نش)
  'مشيئه': ['نشوا'],
  // [questions only; same root, distinct sense] the end (questions) vs forbid (نهوا، النهي) (from نه)
  'نهايه': ['نهايه', 'النهايه', 'للنهايه'],
  // '(do not) be quiet / low-voiced' (17:110, kh-f-t) vs 'fear not' (تخف) (from تخف)
  'خفوت': ['تخافت'],
  // [questions only] Instagram (questions) vs mankind (والانس، الانس) (from انس)
  'انستغرام': ['الانستا', 'انستا'],
  // 'made you forget' (23:110, n-s-y) vs mankind (الانس) (from انس)
  'نسيان': ['انسوكم'],
  // [questions only] lived (questions) vs the evening (بالعشي، وعشيا) (from عش)
  'عيش': ['عاش', 'عاشوا'],
  // [questions only] China (question) vs 'We enjoined' (وصينا) (from صين)
  'الصين': ['الصين'],
  // '(few) dirhams' (12:20) vs the abode, home (الدار، دار) (from در)
  'دراهم': ['درهم'],
  // brilliant (star) (24:35) vs the abode (الدار) (from در)
  'دراري': ['دري'],
  // [questions only] extremism (questions) vs rancour, shackles (غل، الغل) (from غل)
  'غلو': ['الغلو', 'الغاليه'],
  // [questions only] Cain (questions) vs tribes (القبايل، قبيلا) (from قبيل)
  'قابيل': ['قابيل'],
  // 'the earlier generations/creation' (26:184) vs mountain(s) (الجبال، جبل) (from جبل)
  'جبله': ['والجبله'],
  // 'and gave contentment' (53:48) vs 'I meet' (الاقي) (from اق)
  'اقناء': ['واقني'],
  // 'be righteous, be kind to them' (2:224, 60:8, b-r-r) vs disavow (تبرا) (from تبر)
  'ابرار': ['تبروا', 'تبروهم'],
  // destruction (71:28) vs disavow (تبرا) (from تبر)
  'تبار': ['تبارا'],
  // 'and you heal' (5:110) vs disavow (تبرا) (from تبر)
  'ابراء': ['وتبري'],
  // '(what) pleases you' (4:3, t-y-b) vs medicine / dialect (طب، الطب) (from طب)
  'طيب': ['طاب'],
  // 'I forbid you (both)' (7:22, 11:88) vs 'that it/he' (وانه، وانها) (from انه)
  'نهي': ['انهكما', 'انهاكم'],
  // [questions only] protection (questions) vs Ha-Mim (حم) (from حم)
  'حمايه': ['حمايه'],
  // Baal, the idol (37:125) vs husband (بعلها، بعلي) (from بعل)
  'بعلا': ['بعلا'],
  // [questions only] monastery (question) vs homes (ديرهم، ديركم) (from دير)
  'اديره': ['دير'],
  // 'so that I hide' (5:31, w-r-y) vs immediately (فورا) (from فور)
  'مواراه': ['فاوري'],
  // as-Safa (2:158) vs rows (صفا) (from صف)
  'الصفا': ['الصفا'],
  // 'their attribution' (6:139, w-s-f) vs rows (صفا) (from صف)
  'وصف': ['وصفهم'],
  // [questions only] pure (milk, question) vs rows (صفا) (from صف)
  'صفاء': ['صافي'],
  // [questions only] dialect 'downward' (question) vs 'that you judge' (لتحكم 4:105) (from لتح)
  'تحت': ['لتحت'],
  // [questions only; same root, distinct sense] tribalism (question) vs before (قبل) (from قبل)
  'قبيله': ['القبليه'],
  // youth(s) (18:10, 18:13, 21:60) vs fa+ata 'so bring / came' (فاتوا، فات) (from فت)
  'فتي': ['الفتيه', 'فتيه', 'فتي'],
  // missed, escaped (3:153, 57:23, 'I missed (the prayer)') vs fa+ata 'so bring' (فاتوا، فات) (from فت)
  'فوت': ['فاتكم', 'فاتني'],
  // 'You (could not have) united' (8:63, '-l-f) vs fa+ata 'so bring' (فاتوا) (from فت)
  'الف': ['الفت'],
  // [questions only; same root, distinct sense] unemployment (question) vs falsehood (البطل، بالباطل) (from بطل)
  'بطاله': ['البطاله'],
  // [questions only; same root, distinct sense] monk, nun (questions) vs fear, dread (يرهبون، ترهبون) (from رهب)
  'راهب': ['راهب', 'راهبه'],
  // [questions only] 'my time' (question) vs '(the earth) casts out' (والقت 84:4) (from قت)
  'وقت': ['وقتي'],
  // [questions only; same root, distinct sense] travel, journeys (questions, 34:19) vs books (اسفارا 62:5), dawn (اسفر 74:34) (from اسفر)
  'سفر': ['اسافر', 'اسفارهم'],
  // 'let (them) not swear' (24:22, '-l-w) vs recite (يتلي، يتلوا) (from يتل)
  'ايتلاء': ['ياتل'],
  // 'rely (on God)' (10:84) vs wa+kull 'and every' (وكل) (from وكل)
  'اتكال': ['توكلوا'],
  // oppose, split (8:13, 47:32, 80:26, parting of the sea; sh-q-q) vs wretched (شقيا، شقي، شقوا) (from شق)
  'شقق': ['شاقوا', 'وشاقوا', 'شقا', 'شق'],
  // 'and set out (with his family)' (28:29, s-y-r) vs secret (السر، سرا) (from سر)
  'مسير': ['وسار'],
  // a stream, brook (19:24) vs secret (السر، سرا) (from سر)
  'سريان': ['سريا'],
  // 'and in haste' (4:6) vs Badr (بدر) (from بدر)
  'مبادره': ['وبدارا'],
  // wa+bi+darihi 'and his house' (28:81) vs Badr (بدر) (from بدر)
  'دار': ['وبداره'],
  // Mount Judi (11:44) vs existence (وجود) (from جود)
  'جودي': ['الجودي'],
  // 'those who are Jews' (2:62) vs guidance (هدي، الهدي) (from هد)
  'يهود': ['هادوا'],
  // [questions only; same root, distinct sense] gifts (question) vs guidance (هدي، الهدي) (from هد)
  'هديه': ['هدايا'],
  // [questions only; same root, distinct sense] table (question) vs length, throughout (طول) (from طول)
  'طاوله': ['الطاوله'],
  // li+yaskuna 'that he may dwell' (7:189) vs 'is not' (ليس، ليست) (from ليس)
  'سكن': ['ليسكن'],
  // [questions only] a company (business, question) vs associating partners with God (شرك، يشركون) (from شرك)
  'شركه': ['شركه'],
  // an old (cow) (2:68) vs obligation (فرض) (from فرض)
  'فارض': ['فارض'],
  // [questions only; same root, distinct sense] comparison (questions) vs bound together in chains (مقرنين) (from مقرن)
  'مقارنه': ['مقارنه'],
  // [questions only] salary (questions) vs doubt (ترتابوا، يرتابوا) (from رتب)
  'راتب': ['راتب', 'راتبه', 'راتبها'],
  // 'protects you' (21:42, k-l-') vs eat (ياكل، ياكله) (from يكل)
  'كلاءه': ['يكلوكم'],
  // [questions only] Ezra ('Uzayr, questions) vs 'honoured him' (وعزروه 7:157) (from عزر)
  'عزير': ['عزرا'],
  // sold, buying (2:102, questions) vs evil (شر، الشر) (from شر)
  'شراء': ['شروا', 'والشرا'],
};

/** Each split word → its own key (`SPLIT_KEY_MARK` + the key). */
export const ARABIC_STEM_SPLITS: ReadonlyMap<string, string> = new Map(
  Object.entries(ARABIC_STEM_SPLIT_TABLE).flatMap(([key, words]) => words.map((w) => [w, `${SPLIT_KEY_MARK}${key}`] as const)),
);
