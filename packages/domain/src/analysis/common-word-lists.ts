/**
 * Word lists for brands that are everyday words (docs/analysis.md, "Brands that are everyday
 * words"). All entries are folded (lower case, no accents). They are maintained by hand: add the
 * idiom that made a false mention, with a test in common-word.test.ts.
 */

/**
 * Idioms per language in which a brand-like word is the everyday word, never the brand: "loom
 * large", "ramp up", "a sales pitch", "base camp". Any of the words of a phrase may be the
 * brand's word; the whole phrase must be there, word for word, for the occurrence not to count.
 */
export const IDIOMS: Record<'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl', string[]> = {
  en: [
    'loom large',
    'looms large',
    'loomed large',
    'looming large',
    'ramp up',
    'ramps up',
    'ramped up',
    'ramping up',
    'ramp down',
    'on ramp',
    'off ramp',
    'sales pitch',
    'elevator pitch',
    'pitch in',
    'pitched in',
    'pitch perfect',
    'pitch black',
    'pitch dark',
    'pitch deck',
    'make a pitch',
    'base camp',
    'drift off',
    'drifted off',
    'drift apart',
    'get the drift',
    'catch my drift',
    'catch the drift',
    'if you catch my drift',
    'autumn harvest',
    'fall harvest',
    'harvest season',
    'harvest time',
    'good harvest',
    'bumper harvest',
    'grape harvest',
    'cut some slack',
    'cut them some slack',
    'pick up the slack',
    'take up the slack',
    'slack off',
    'zoom in',
    'zoom out',
    'zoom in on',
    'back to square one',
    'fair and square',
    'square one',
    'think outside the box',
    'outside the box',
    'tick the box',
    'tick every box',
    'check the box',
    'sage advice',
    'penny wise',
    'wise to',
    'the notion that',
    'the notion of',
    'no notion of',
    'monday morning',
    'every monday',
    'on monday',
    'by monday',
    'on track',
    'keep track',
    'lose track',
    'off the mark',
    'miss the mark',
    'misses the mark',
    'hit the mark',
    'close the loop',
    'in the loop',
    'keep you in the loop',
    'rise to the challenge',
    'bolt from the blue',
    'make a bolt for',
    'plain sailing',
    'common ground',
  ],
  de: [
    'beim pitch',
    'den pitch',
    'einen pitch',
    'im pitch',
    'zoom objektiv',
    'optischer zoom',
    'digitaler zoom',
    'auf zoom',
    'eine notion',
    'im drift',
    'in drift',
  ],
  fr: [
    'la notion de',
    'une notion de',
    'notion de',
    'des notions de',
    'faire un zoom',
    'zoom sur',
    'un zoom sur',
    'sage conseil',
    'un sage',
    'sage comme une image',
    'rester sage',
    'en drift',
    'la rampe',
  ],
  es: [
    'hacer zoom',
    'zoom a',
    'un zoom',
    'el factorial de',
    'factorial de',
    'la nocion de',
    'a la deriva',
    'sabio consejo',
  ],
  it: [
    'fare zoom',
    'zoom su',
    'uno zoom',
    'la nozione di',
    'alla deriva',
    'saggio consiglio',
    'il pitch',
    'un pitch',
  ],
  pt: [
    'dar um zoom',
    'dar zoom',
    'zoom em',
    'a nocao de',
    'a deriva',
    'sabio conselho',
    'um pitch',
    'o pitch',
  ],
  nl: [
    'een ramp',
    'wat een ramp',
    'de ramp',
    'ramp voor',
    'een regelrechte ramp',
    'in drift',
    'uit zijn drift',
    'inzoomen',
    'zoom in op',
    'in de box',
    'een pitch',
  ],
};

/**
 * Nouns that products take: next to one of them the word is the brand ("Harvest app", "the
 * Pitch pricing page"), in the seven scored languages.
 */
export const PRODUCT_NOUNS = [
  'app apps software tool tools platform platforms crm saas api apis integration integrations',
  'plugin plugins extension dashboard pricing plans subscription account login workspace',
  'suite desktop ios android chrome inc hq',
  // de
  'plattform werkzeug preise abo abonnement schnittstelle',
  // fr
  'logiciel logiciels outil outils plateforme tarifs abonnement',
  // es
  'herramienta herramientas plataforma precios suscripcion',
  // it
  'strumento strumenti piattaforma prezzi abbonamento',
  // pt
  'ferramenta ferramentas plataforma precos assinatura',
  // nl
  'platform prijzen abonnement programma',
]
  .join(' ')
  .split(' ');

/**
 * Verbs a product is the subject of ("Harvest integrates with", "Ramp offers"): right after the
 * word, with no article before it, the word is the brand.
 */
export const PRODUCT_VERBS = [
  'integrates offers supports syncs lets allows provides charges includes tracks exports imports',
  'connects automates features ships launched released costs starts sends records',
  // de
  'bietet integriert unterstutzt kostet erlaubt ermoglicht synchronisiert',
  // fr
  'propose offre integre permet coute synchronise',
  // es
  'ofrece integra permite cuesta sincroniza',
  // it
  'offre integra permette costa sincronizza',
  // pt
  'oferece integra permite custa sincroniza',
  // nl
  'biedt integreert ondersteunt kost synchroniseert',
]
  .join(' ')
  .split(' ');

/** Articles and determiners: "the harvest offers" is the crop, not the brand. */
export const DETERMINERS = [
  'the a an this that these those our your their his her its every each some any good',
  'der die das den dem des ein eine einen einem einer',
  'le la les un une des du ce cette ces',
  'el los las una unos unas este esta',
  'il lo gli uno questo questa',
  'o os as um uma',
  'de het een deze dit',
]
  .join(' ')
  .split(' ');

/**
 * Words that may stand between two names of a list or a comparison ("Harvest, Toggl and
 * Clockify", "Pitch vs Canva", "Loom oder Vimeo").
 */
export const CONNECTORS = [
  'and or vs versus v nor than compared to with like plus',
  'und oder als gegenuber',
  'et ou que contre',
  'y o que contra frente',
  'e o che contro',
  'e ou que contra',
  'en of dan tegen',
]
  .join(' ')
  .split(' ');
