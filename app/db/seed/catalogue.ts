// Deterministic demo catalogue for Bottega. Plain data plus pure helpers: no Node APIs,
// no clocks, no Math.random. Anything generated (dates, stock, ranks) comes from a
// fixed-seed mulberry32 PRNG, so every run yields exactly the same catalogue.
import type {
  Garment,
  Localized,
  SeedCatalogue,
  SeedCategory,
  SeedColor,
  SeedManufacturer,
  SeedPriceChange,
  SeedProduct,
} from "./catalogue.types";
import { slugify } from "~/modules/catalog/catalog-rules";
import { seededRandom } from "~/utils/seeded-random";

/* ------------------------------------------------------------------------------------------ */
/* Helpers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/** Integer in [min, max], both inclusive. */
function intBetween(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

const euro = (amount: number): number => Math.round(amount * 100);
/** Rounds cents to whole euros. */
// eslint-disable-next-line no-restricted-syntax -- the demo seed rounds a computed sale price (a float: full × (1 − discount)) to whole euros; no stored amount passes here, and changing the rounding would change the seeded prices.
const roundEuro = (cents: number): number => Math.round(cents / 100) * 100;

/* ------------------------------------------------------------------------------------------ */
/* Colours                                                                                    */
/* ------------------------------------------------------------------------------------------ */

const colors: SeedColor[] = [
  { code: "nero", hex: "#1C1B1A", name: { it: "Nero", en: "Black" } },
  { code: "avorio", hex: "#F2ECDF", name: { it: "Avorio", en: "Ivory" } },
  { code: "bianco", hex: "#FAFAF7", name: { it: "Bianco ottico", en: "Optic white" } },
  { code: "sabbia", hex: "#D6C4A5", name: { it: "Sabbia", en: "Sand" } },
  { code: "cammello", hex: "#B5885A", name: { it: "Cammello", en: "Camel" } },
  { code: "tabacco", hex: "#7A5230", name: { it: "Tabacco", en: "Tobacco" } },
  { code: "terracotta", hex: "#B4573A", name: { it: "Terracotta", en: "Terracotta" } },
  { code: "bordeaux", hex: "#6B1F2B", name: { it: "Bordeaux", en: "Burgundy" } },
  { code: "cipria", hex: "#E5C3BA", name: { it: "Cipria", en: "Powder pink" } },
  { code: "salvia", hex: "#9AA58A", name: { it: "Salvia", en: "Sage" } },
  { code: "verde-bosco", hex: "#2F4A3A", name: { it: "Verde bosco", en: "Forest green" } },
  { code: "celeste", hex: "#A9C0D6", name: { it: "Celeste", en: "Sky blue" } },
  { code: "blu-notte", hex: "#1F2A44", name: { it: "Blu notte", en: "Midnight blue" } },
  { code: "grigio-melange", hex: "#A6A5A1", name: { it: "Grigio melange", en: "Grey melange" } },
];

/* ------------------------------------------------------------------------------------------ */
/* Categories                                                                                 */
/* ------------------------------------------------------------------------------------------ */

interface CategorySpec {
  key: string;
  name: Localized;
  slug: Localized;
  metaDescription: Localized;
  keywords: Localized;
  /** Title stem for the <title>, e.g. "Abiti da donna". */
  title: Localized;
}

interface TopSpec extends CategorySpec {
  children: (CategorySpec & { garment: Garment })[];
}

const categoryTree: TopSpec[] = [
  {
    key: "donna",
    name: { it: "Donna", en: "Women" },
    slug: { it: "donna", en: "women" },
    title: { it: "Abbigliamento donna", en: "Women's clothing" },
    metaDescription: {
      it: "Abiti, camicie, maglieria e gonne da donna disegnati in Italia: capi da vivere ogni giorno, in fibre naturali e tagli senza tempo.",
      en: "Dresses, shirts, knitwear and skirts for women, designed in Italy: pieces to live in every day, in natural fibres and timeless cuts.",
    },
    keywords: {
      it: "abbigliamento donna, moda donna italiana, abiti, camicie donna, maglieria donna, Bottega",
      en: "womenswear, Italian women's fashion, dresses, women's shirts, women's knitwear, Bottega",
    },
    children: [
      {
        key: "donna-abiti",
        garment: "dress",
        name: { it: "Abiti", en: "Dresses" },
        slug: { it: "abiti", en: "dresses" },
        title: { it: "Abiti da donna", en: "Women's dresses" },
        metaDescription: {
          it: "Abiti midi, chemisier e sottoveste in lino, seta e lana: scopri gli abiti da donna Bottega, pensati in Italia per ogni momento.",
          en: "Midi, shirt and slip dresses in linen, silk and wool: discover Bottega dresses for women, designed in Italy for every moment.",
        },
        keywords: {
          it: "abiti donna, abito midi, abito in lino, abito in seta, vestiti eleganti",
          en: "women's dresses, midi dress, linen dress, silk dress, elegant dresses",
        },
      },
      {
        key: "donna-camicie",
        garment: "shirt",
        name: { it: "Camicie", en: "Shirts" },
        slug: { it: "camicie", en: "shirts" },
        title: { it: "Camicie e bluse da donna", en: "Women's shirts and blouses" },
        metaDescription: {
          it: "Camicie in popeline, seta lavata e lino, bluse con fiocco e tagli oversize: le camicie da donna Bottega per l'ufficio e il weekend.",
          en: "Poplin, washed silk and linen shirts, pussy-bow blouses and oversized cuts: Bottega women's shirts for the office and the weekend.",
        },
        keywords: {
          it: "camicie donna, bluse donna, camicia in seta, camicia in lino, camicia bianca",
          en: "women's shirts, blouses, silk shirt, linen shirt, white shirt",
        },
      },
      {
        key: "donna-maglieria",
        garment: "knit",
        name: { it: "Maglieria", en: "Knitwear" },
        slug: { it: "maglieria", en: "knitwear" },
        title: { it: "Maglieria da donna", en: "Women's knitwear" },
        metaDescription: {
          it: "Cardigan in cashmere, dolcevita in merino e maglioni a trecce: la maglieria da donna Bottega, morbida, calda e fatta per durare.",
          en: "Cashmere cardigans, merino turtlenecks and cable-knit jumpers: Bottega knitwear for women, soft, warm and made to last.",
        },
        keywords: {
          it: "maglieria donna, cardigan cashmere, dolcevita donna, maglione donna, pullover",
          en: "women's knitwear, cashmere cardigan, women's turtleneck, women's jumper, sweater",
        },
      },
      {
        key: "donna-pantaloni",
        garment: "trousers",
        name: { it: "Pantaloni", en: "Trousers" },
        slug: { it: "pantaloni", en: "trousers" },
        title: { it: "Pantaloni da donna", en: "Women's trousers" },
        metaDescription: {
          it: "Pantaloni sartoriali, palazzo, chino e jeans a vita alta: i pantaloni da donna Bottega, dalla lana fredda al lino lavato.",
          en: "Tailored, palazzo and chino trousers and high-rise jeans: Bottega trousers for women, from tropical wool to washed linen.",
        },
        keywords: {
          it: "pantaloni donna, pantaloni sartoriali, pantaloni palazzo, jeans donna, pantaloni in lino",
          en: "women's trousers, tailored trousers, palazzo trousers, women's jeans, linen trousers",
        },
      },
      {
        key: "donna-gonne",
        garment: "skirt",
        name: { it: "Gonne", en: "Skirts" },
        slug: { it: "gonne", en: "skirts" },
        title: { it: "Gonne da donna", en: "Women's skirts" },
        metaDescription: {
          it: "Gonne midi in seta, a pieghe in lana, in denim e in tweed: scopri le gonne Bottega, dal mattino in ufficio alla cena.",
          en: "Silk midi, pleated wool, denim and tweed skirts: discover Bottega skirts, from the morning at the office to dinner.",
        },
        keywords: {
          it: "gonne donna, gonna midi, gonna a pieghe, gonna in seta, minigonna",
          en: "women's skirts, midi skirt, pleated skirt, silk skirt, mini skirt",
        },
      },
    ],
  },
  {
    key: "uomo",
    name: { it: "Uomo", en: "Men" },
    slug: { it: "uomo", en: "men" },
    title: { it: "Abbigliamento uomo", en: "Men's clothing" },
    metaDescription: {
      it: "Camicie, maglieria, giacche e cappotti da uomo disegnati in Italia: sartoria morbida e tessuti naturali per tutti i giorni.",
      en: "Shirts, knitwear, jackets and coats for men, designed in Italy: soft tailoring and natural fabrics for every day.",
    },
    keywords: {
      it: "abbigliamento uomo, moda uomo italiana, camicie uomo, cappotti uomo, giacche uomo, Bottega",
      en: "menswear, Italian men's fashion, men's shirts, men's coats, men's jackets, Bottega",
    },
    children: [
      {
        key: "uomo-camicie",
        garment: "shirt",
        name: { it: "Camicie", en: "Shirts" },
        slug: { it: "camicie", en: "shirts" },
        title: { it: "Camicie da uomo", en: "Men's shirts" },
        metaDescription: {
          it: "Camicie oxford, popeline, lino lavato e flanella: le camicie da uomo Bottega, cucite in Italia con cura sartoriale.",
          en: "Oxford, poplin, washed linen and flannel shirts: Bottega shirts for men, sewn in Italy with a tailor's care.",
        },
        keywords: {
          it: "camicie uomo, camicia oxford, camicia button-down, camicia in lino uomo, overshirt",
          en: "men's shirts, Oxford shirt, button-down shirt, men's linen shirt, overshirt",
        },
      },
      {
        key: "uomo-maglieria",
        garment: "knit",
        name: { it: "Maglieria", en: "Knitwear" },
        slug: { it: "maglieria", en: "knitwear" },
        title: { it: "Maglieria da uomo", en: "Men's knitwear" },
        metaDescription: {
          it: "Dolcevita in cashmere, cardigan a scialle e pullover in merino: la maglieria da uomo Bottega, filata e tinta in Italia.",
          en: "Cashmere roll-necks, shawl-collar cardigans and merino jumpers: Bottega knitwear for men, spun and dyed in Italy.",
        },
        keywords: {
          it: "maglieria uomo, dolcevita uomo, maglione cashmere uomo, cardigan uomo, pullover merino",
          en: "men's knitwear, men's roll-neck, men's cashmere sweater, men's cardigan, merino jumper",
        },
      },
      {
        key: "uomo-pantaloni",
        garment: "trousers",
        name: { it: "Pantaloni", en: "Trousers" },
        slug: { it: "pantaloni", en: "trousers" },
        title: { it: "Pantaloni da uomo", en: "Men's trousers" },
        metaDescription: {
          it: "Pantaloni in flanella e fresco di lana, chino, velluto e jeans cimosa: i pantaloni da uomo Bottega, dall'ufficio al weekend.",
          en: "Flannel and fresco wool trousers, chinos, corduroys and selvedge jeans: Bottega trousers for men, from office to weekend.",
        },
        keywords: {
          it: "pantaloni uomo, chino uomo, pantaloni in flanella, jeans cimosa, pantaloni in velluto",
          en: "men's trousers, men's chinos, flannel trousers, selvedge jeans, corduroy trousers",
        },
      },
      {
        key: "uomo-giacche",
        garment: "jacket",
        name: { it: "Giacche", en: "Jackets" },
        slug: { it: "giacche", en: "jackets" },
        title: { it: "Giacche da uomo", en: "Men's jackets" },
        metaDescription: {
          it: "Blazer in flanella, giacche destrutturate in lino, tweed e camoscio: le giacche da uomo Bottega, morbide e cucite a mano.",
          en: "Flannel blazers, unstructured linen jackets, tweed and suede: Bottega jackets for men, soft and hand-finished.",
        },
        keywords: {
          it: "giacche uomo, blazer uomo, giacca destrutturata, giacca in tweed, giubbotto in camoscio",
          en: "men's jackets, men's blazer, unstructured jacket, tweed jacket, suede blouson",
        },
      },
      {
        key: "uomo-cappotti",
        garment: "coat",
        name: { it: "Cappotti", en: "Coats" },
        slug: { it: "cappotti", en: "coats" },
        title: { it: "Cappotti da uomo", en: "Men's coats" },
        metaDescription: {
          it: "Cappotti in cammello, loden, lana e cashmere, trench e montgomery: i cappotti da uomo Bottega, fatti per durare anni.",
          en: "Camel hair, loden and wool-cashmere coats, trench and duffle coats: Bottega coats for men, made to last for years.",
        },
        keywords: {
          it: "cappotti uomo, cappotto cammello, cappotto doppiopetto, trench uomo, montgomery",
          en: "men's coats, camel coat, double-breasted coat, men's trench coat, duffle coat",
        },
      },
    ],
  },
  {
    key: "accessori",
    name: { it: "Accessori", en: "Accessories" },
    slug: { it: "accessori", en: "accessories" },
    title: { it: "Accessori", en: "Accessories" },
    metaDescription: {
      it: "Borse in pelle, scarpe, sciarpe e cinture realizzate da artigiani italiani: gli accessori Bottega che completano ogni look.",
      en: "Leather bags, shoes, scarves and belts made by Italian artisans: Bottega accessories to complete every look.",
    },
    keywords: {
      it: "accessori moda, borse in pelle, scarpe italiane, sciarpe, cinture in pelle, Bottega",
      en: "fashion accessories, leather bags, Italian shoes, scarves, leather belts, Bottega",
    },
    children: [
      {
        key: "accessori-borse",
        garment: "bag",
        name: { it: "Borse", en: "Bags" },
        slug: { it: "borse", en: "bags" },
        title: { it: "Borse in pelle", en: "Leather bags" },
        metaDescription: {
          it: "Tote, secchielli, tracolle e pochette in pelle toscana: le borse Bottega, rifinite a mano da piccole pelletterie italiane.",
          en: "Totes, bucket bags, crossbodies and clutches in Tuscan leather: Bottega bags, hand-finished by small Italian workshops.",
        },
        keywords: {
          it: "borse in pelle, borsa tote, borsa a tracolla, pochette, borsa a secchiello",
          en: "leather bags, tote bag, crossbody bag, clutch, bucket bag",
        },
      },
      {
        key: "accessori-scarpe",
        garment: "shoes",
        name: { it: "Scarpe", en: "Shoes" },
        slug: { it: "scarpe", en: "shoes" },
        title: { it: "Scarpe", en: "Shoes" },
        metaDescription: {
          it: "Mocassini, stivaletti Chelsea, décolleté e sneakers in pelle, prodotti nelle Marche: le scarpe Bottega per lei e per lui.",
          en: "Loafers, Chelsea boots, pumps and leather sneakers made in the Marche: Bottega shoes for women and men.",
        },
        keywords: {
          it: "scarpe in pelle, mocassini, stivaletti chelsea, decollete, sneakers in pelle",
          en: "leather shoes, loafers, Chelsea boots, pumps, leather sneakers",
        },
      },
      {
        key: "accessori-sciarpe",
        garment: "scarf",
        name: { it: "Sciarpe", en: "Scarves" },
        slug: { it: "sciarpe", en: "scarves" },
        title: { it: "Sciarpe e foulard", en: "Scarves and silk squares" },
        metaDescription: {
          it: "Sciarpe in cashmere e merino, foulard in twill di seta e stole leggere: il tocco finale di ogni look, firmato Bottega.",
          en: "Cashmere and merino scarves, silk twill squares and light stoles: the finishing touch to every look, by Bottega.",
        },
        keywords: {
          it: "sciarpe, sciarpa in cashmere, foulard in seta, stola, sciarpa in lino",
          en: "scarves, cashmere scarf, silk scarf, stole, linen scarf",
        },
      },
      {
        key: "accessori-cinture",
        garment: "belt",
        name: { it: "Cinture", en: "Belts" },
        slug: { it: "cinture", en: "belts" },
        title: { it: "Cinture in pelle", en: "Leather belts" },
        metaDescription: {
          it: "Cinture in cuoio conciato al vegetale, nappa, camoscio e pelle intrecciata, realizzate in Toscana da Bottega.",
          en: "Belts in vegetable-tanned leather, nappa, suede and woven leather, made in Tuscany by Bottega.",
        },
        keywords: {
          it: "cinture in pelle, cintura in cuoio, cintura intrecciata, cintura donna, cintura uomo",
          en: "leather belts, vegetable-tanned belt, woven belt, women's belt, men's belt",
        },
      },
    ],
  },
];

function toCategory(spec: CategorySpec, parentKey: string | null, position: number): SeedCategory {
  return {
    key: spec.key,
    parentKey,
    position,
    name: spec.name,
    slug: spec.slug,
    metaTitle: { it: `${spec.title.it} | Bottega`, en: `${spec.title.en} | Bottega` },
    metaDescription: spec.metaDescription,
    keywords: spec.keywords,
  };
}

const categories: SeedCategory[] = categoryTree.flatMap((top, topIndex) => [
  toCategory(top, null, topIndex + 1),
  ...top.children.map((child, childIndex) => toCategory(child, top.key, childIndex + 1)),
]);

/* ------------------------------------------------------------------------------------------ */
/* Makers (the product page's safety information, GPSR art. 19)                               */
/* ------------------------------------------------------------------------------------------ */

// Bottega makes its own clothes and leather goods (it puts its name on them, so it is their
// manufacturer); the shoes come from a workshop in the Marche; the scarves from a knitter in
// Scotland, outside the EU, for whom Bottega is the responsible person in the Union.
const BOTTEGA = { name: "Bottega S.r.l.", address: "Via della Spiga 12, 20121 Milano", countryCode: "IT", email: "sicurezza.prodotti@bottega.example" };

const manufacturers: SeedManufacturer[] = [
  { key: "bottega", ...BOTTEGA },
  { key: "calzaturificio-fermano", name: "Calzaturificio Fermano S.r.l.", address: "Via Ancona 21, 63900 Fermo (FM)", countryCode: "IT", email: "info@calzaturificiofermano.example" },
  {
    key: "hawick-knitwear",
    name: "Hawick Knitwear Ltd",
    address: "14 Commercial Road, Hawick TD9 7AQ",
    countryCode: "GB",
    email: "safety@hawickknitwear.example",
    euResponsible: BOTTEGA,
  },
];

/** Who makes a garment type. */
function manufacturerOf(garment: Garment): string {
  if (garment === "shoes") return "calzaturificio-fermano";
  if (garment === "scarf") return "hawick-knitwear";
  return "bottega";
}

const garmentByCategory: Record<string, Garment> = Object.fromEntries(
  categoryTree.flatMap((top) => top.children.map((child) => [child.key, child.garment] as const)),
);

/* ------------------------------------------------------------------------------------------ */
/* Materials: composition, care and a sentence about the fabric                               */
/* ------------------------------------------------------------------------------------------ */

interface Material {
  composition: Localized;
  care: Localized;
  /** One or more sentences about the fabric, rotated across products. */
  about: Localized[];
  /** Short phrase for keywords and meta text. */
  phrase: Localized;
}

const CARE = {
  dryClean: {
    it: "Lavaggio a secco. Non candeggiare. Stirare a bassa temperatura con un panno umido.",
    en: "Dry clean. Do not bleach. Iron at low heat with a damp cloth.",
  },
  coat: {
    it: "Lavaggio a secco. Spazzolare dopo l'uso. Riporre su una gruccia sagomata.",
    en: "Dry clean. Brush after wearing. Store on a shaped hanger.",
  },
  cotton40: {
    it: "Lavaggio in lavatrice a 40 °C. Non candeggiare. Stirare a temperatura media.",
    en: "Machine wash at 40 °C. Do not bleach. Iron at medium heat.",
  },
  cotton30: {
    it: "Lavaggio in lavatrice a 30 °C, ciclo delicato. Non candeggiare. Stirare a temperatura media.",
    en: "Machine wash at 30 °C on a gentle cycle. Do not bleach. Iron at medium heat.",
  },
  knitCotton: {
    it: "Lavaggio in lavatrice a 30 °C. Asciugare in piano. Non candeggiare.",
    en: "Machine wash at 30 °C. Dry flat. Do not bleach.",
  },
  handWashKnit: {
    it: "Lavaggio a mano in acqua fredda con detergente delicato. Non strizzare. Asciugare in piano.",
    en: "Hand wash in cold water with a gentle detergent. Do not wring. Dry flat.",
  },
  silk: {
    it: "Lavaggio a secco. Non candeggiare. Stirare a bassa temperatura sul rovescio.",
    en: "Dry clean. Do not bleach. Iron at low heat on the reverse.",
  },
  delicate: {
    it: "Lavaggio a mano in acqua fredda. Non candeggiare. Stirare a bassa temperatura.",
    en: "Hand wash in cold water. Do not bleach. Iron at low heat.",
  },
  leather: {
    it: "Pulire con un panno morbido e asciutto. Tenere lontano da fonti di calore. Riporre nel sacchetto antipolvere.",
    en: "Wipe with a soft, dry cloth. Keep away from heat. Store in the dust bag.",
  },
  suede: {
    it: "Non lavare. Spazzolare con una spazzola per camoscio. Trattare con spray protettivo.",
    en: "Do not wash. Brush with a suede brush. Treat with a protective spray.",
  },
  shoes: {
    it: "Pulire con un panno morbido. Nutrire con crema per pelle neutra. Usare tendiscarpe in legno.",
    en: "Wipe with a soft cloth. Nourish with neutral leather cream. Use wooden shoe trees.",
  },
  denim: {
    it: "Lavaggio in lavatrice a 30 °C sul rovescio, con colori simili. Non candeggiare. Non asciugare in asciugatrice.",
    en: "Machine wash at 30 °C inside out with similar colours. Do not bleach. Do not tumble dry.",
  },
} satisfies Record<string, Localized>;

const materials = {
  lino: {
    composition: { it: "100% lino", en: "100% linen" },
    care: {
      it: "Lavaggio in lavatrice a 30 °C, ciclo delicato. Non candeggiare. Stirare da umido a temperatura media.",
      en: "Machine wash at 30 °C on a gentle cycle. Do not bleach. Iron while damp at medium heat.",
    },
    about: [
      {
        it: "Il lino lavato, tessuto in Italia, è fresco sulla pelle e diventa più morbido a ogni lavaggio.",
        en: "The washed linen, woven in Italy, feels cool on the skin and softens with every wash.",
      },
      {
        it: "Le piccole irregolarità del filo e le pieghe naturali fanno parte del fascino del lino.",
        en: "The slight irregularities in the yarn and the natural creases are part of linen's charm.",
      },
    ],
    phrase: { it: "lino lavato italiano", en: "Italian washed linen" },
  },
  popeline: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.cotton40,
    about: [
      {
        it: "Il popeline di cotone a trama fitta ha una mano liscia e croccante e una leggera lucentezza.",
        en: "The tightly woven cotton poplin has a smooth, crisp hand and a soft sheen.",
      },
      {
        it: "Il cotone egiziano a fibra lunga rende il popeline resistente e piacevole da indossare tutto il giorno.",
        en: "Long-staple Egyptian cotton makes the poplin durable and comfortable to wear all day.",
      },
    ],
    phrase: { it: "popeline di cotone", en: "cotton poplin" },
  },
  oxford: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.cotton40,
    about: [
      {
        it: "L'oxford di cotone, dalla trama leggermente a canestro, migliora con il tempo e con i lavaggi.",
        en: "The cotton Oxford cloth, with its subtle basket weave, only gets better with time and washing.",
      },
    ],
    phrase: { it: "cotone oxford", en: "cotton Oxford cloth" },
  },
  chambray: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.cotton30,
    about: [
      {
        it: "Il chambray, con trama bianca e ordito colorato, ha l'aspetto del denim ma è leggero come una camicia.",
        en: "Chambray, woven with a white weft and a coloured warp, looks like denim but is as light as a shirt.",
      },
    ],
    phrase: { it: "chambray di cotone", en: "cotton chambray" },
  },
  voile: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.delicate,
    about: [
      {
        it: "Il voile di cotone è leggerissimo e appena trasparente, con una caduta morbida e ariosa.",
        en: "The cotton voile is feather-light and barely sheer, with a soft, airy drape.",
      },
    ],
    phrase: { it: "voile di cotone", en: "cotton voile" },
  },
  seta: {
    composition: { it: "100% seta", en: "100% silk" },
    care: CARE.silk,
    about: [
      {
        it: "Il raso di seta, tessuto a Como, ha una lucentezza discreta e scivola sulla pelle.",
        en: "The silk satin, woven in Como, has a quiet lustre and glides over the skin.",
      },
      {
        it: "La seta pesante di Como cade in modo fluido e non si stropiccia facilmente.",
        en: "The heavyweight Como silk drapes fluidly and resists creasing.",
      },
    ],
    phrase: { it: "raso di seta di Como", en: "Como silk satin" },
  },
  setaLavata: {
    composition: { it: "100% seta", en: "100% silk" },
    care: {
      it: "Lavaggio a mano in acqua fredda con detergente per seta. Non strizzare. Stirare a bassa temperatura.",
      en: "Hand wash in cold water with a silk detergent. Do not wring. Iron at low heat.",
    },
    about: [
      {
        it: "La seta lavata ha una superficie opaca e vellutata, morbida al tatto e facile da portare ogni giorno.",
        en: "Washed silk has a matt, peach-skin surface that is soft to the touch and easy to wear every day.",
      },
    ],
    phrase: { it: "seta lavata", en: "washed silk" },
  },
  crepeDeChine: {
    composition: { it: "100% seta", en: "100% silk" },
    care: CARE.silk,
    about: [
      {
        it: "Il crêpe de chine di seta ha una grana leggera e un movimento morbido che accompagna ogni gesto.",
        en: "The silk crêpe de chine has a fine grain and a soft movement that follows every gesture.",
      },
    ],
    phrase: { it: "crêpe de chine di seta", en: "silk crêpe de chine" },
  },
  setaTwill: {
    composition: { it: "100% seta", en: "100% silk" },
    care: CARE.silk,
    about: [
      {
        it: "Il twill di seta è stampato a Como con colori pieni che restano brillanti nel tempo.",
        en: "The silk twill is printed in Como in deep colours that stay bright over time.",
      },
    ],
    phrase: { it: "twill di seta", en: "silk twill" },
  },
  viscosaCrepe: {
    composition: { it: "100% viscosa", en: "100% viscose" },
    care: {
      it: "Lavaggio a mano in acqua fredda. Non candeggiare. Stirare a bassa temperatura sul rovescio.",
      en: "Hand wash in cold water. Do not bleach. Iron at low heat on the reverse.",
    },
    about: [
      {
        it: "Il crêpe di viscosa ha una caduta fluida e una grana opaca che non segna e non si stropiccia.",
        en: "The viscose crêpe has a fluid drape and a matt grain that skims the body and resists creasing.",
      },
    ],
    phrase: { it: "crêpe di viscosa", en: "fluid viscose crêpe" },
  },
  plisse: {
    composition: { it: "100% poliestere riciclato", en: "100% recycled polyester" },
    care: {
      it: "Lavaggio a mano in acqua fredda. Non stirare. Asciugare appeso per mantenere le pieghe.",
      en: "Hand wash in cold water. Do not iron. Hang to dry to keep the pleats.",
    },
    about: [
      {
        it: "Il tessuto, ottenuto da poliestere riciclato, mantiene la plissettatura lavaggio dopo lavaggio e non teme la valigia.",
        en: "The fabric, made from recycled polyester, holds its pleats wash after wash and doesn't mind a suitcase.",
      },
    ],
    phrase: { it: "plissé in poliestere riciclato", en: "recycled polyester plissé" },
  },
  lanaCrepe: {
    composition: { it: "100% lana vergine", en: "100% virgin wool" },
    care: CARE.dryClean,
    about: [
      {
        it: "Il crêpe di lana vergine, tessuto nel Biellese, è morbido, traspirante e non si sgualcisce.",
        en: "The virgin wool crêpe, woven in the Biella district, is soft, breathable and crease-resistant.",
      },
    ],
    phrase: { it: "crêpe di lana vergine", en: "virgin wool crêpe" },
  },
  cashmere: {
    composition: { it: "100% cashmere", en: "100% cashmere" },
    care: CARE.handWashKnit,
    about: [
      {
        it: "Il cashmere mongolo, filato e tinto in Italia, è leggero, caldissimo e morbido fin dal primo giorno.",
        en: "Mongolian cashmere, spun and dyed in Italy, is light, exceptionally warm and soft from day one.",
      },
      {
        it: "Le fibre lunghe del nostro cashmere riducono la formazione di pallini e rendono il capo più durevole.",
        en: "The long fibres of our cashmere reduce pilling and make the piece last longer.",
      },
    ],
    phrase: { it: "puro cashmere", en: "pure cashmere" },
  },
  merino: {
    composition: { it: "100% lana merino", en: "100% merino wool" },
    care: {
      it: "Lavaggio a mano o in lavatrice a 30 °C con programma lana. Asciugare in piano. Non candeggiare.",
      en: "Hand wash or machine wash at 30 °C on a wool cycle. Dry flat. Do not bleach.",
    },
    about: [
      {
        it: "La lana merino extrafine è termoregolante, non pizzica e si porta bene in ogni stagione.",
        en: "Extra-fine merino wool regulates temperature, doesn't itch and works in every season.",
      },
      {
        it: "Il filato merino, lavorato su macchine a finezza alta, ha una superficie liscia e pulita.",
        en: "The merino yarn, knitted on fine-gauge machines, has a smooth, clean surface.",
      },
    ],
    phrase: { it: "lana merino extrafine", en: "extra-fine merino wool" },
  },
  lanaCashmere: {
    composition: { it: "70% lana, 30% cashmere", en: "70% wool, 30% cashmere" },
    care: CARE.handWashKnit,
    about: [
      {
        it: "La miscela di lana e cashmere unisce la struttura della lana alla morbidezza del cashmere.",
        en: "The wool and cashmere blend joins the structure of wool with the softness of cashmere.",
      },
    ],
    phrase: { it: "lana e cashmere", en: "wool and cashmere" },
  },
  alpaca: {
    composition: { it: "55% alpaca, 45% lana merino", en: "55% alpaca, 45% merino wool" },
    care: CARE.handWashKnit,
    about: [
      {
        it: "L'alpaca rende il filato voluminoso e leggero, con un calore sorprendente per il suo peso.",
        en: "Alpaca makes the yarn lofty and light, with surprising warmth for its weight.",
      },
    ],
    phrase: { it: "alpaca e merino", en: "alpaca and merino" },
  },
  mohair: {
    composition: {
      it: "45% mohair, 35% lana, 20% poliammide",
      en: "45% mohair, 35% wool, 20% polyamide",
    },
    care: {
      it: "Lavaggio a mano in acqua fredda. Non strizzare. Asciugare in piano, lontano da fonti di calore.",
      en: "Hand wash in cold water. Do not wring. Dry flat, away from heat.",
    },
    about: [
      {
        it: "Il mohair spazzolato crea un alone morbido e leggerissimo, caldo senza essere pesante.",
        en: "Brushed mohair creates a soft, airy halo that is warm without being heavy.",
      },
    ],
    phrase: { it: "mohair spazzolato", en: "brushed mohair" },
  },
  cotoneMaglia: {
    composition: { it: "100% cotone biologico", en: "100% organic cotton" },
    care: CARE.knitCotton,
    about: [
      {
        it: "Il cotone biologico ritorto ha una mano fresca e asciutta, perfetta da portare a pelle.",
        en: "The twisted organic cotton yarn has a cool, dry hand that's perfect against the skin.",
      },
    ],
    phrase: { it: "cotone biologico", en: "organic cotton" },
  },
  cotoneLino: {
    composition: { it: "60% cotone, 40% lino", en: "60% cotton, 40% linen" },
    care: CARE.knitCotton,
    about: [
      {
        it: "Il filato di cotone e lino è fresco e leggermente irregolare, con un aspetto naturale e vissuto.",
        en: "The cotton and linen yarn is cool and slightly irregular, with a natural, lived-in look.",
      },
    ],
    phrase: { it: "cotone e lino", en: "cotton and linen" },
  },
  cotoneCashmere: {
    composition: { it: "80% cotone, 20% cashmere", en: "80% cotton, 20% cashmere" },
    care: CARE.handWashKnit,
    about: [
      {
        it: "Il cotone pettinato con una parte di cashmere è morbido come una felpa, ma molto più raffinato.",
        en: "Combed cotton with a touch of cashmere feels as soft as a sweatshirt, only far more refined.",
      },
    ],
    phrase: { it: "cotone e cashmere", en: "cotton and cashmere" },
  },
  shetland: {
    composition: { it: "100% lana Shetland", en: "100% Shetland wool" },
    care: {
      it: "Lavaggio a mano in acqua fredda. Asciugare in piano. Non asciugare in asciugatrice.",
      en: "Hand wash in cold water. Dry flat. Do not tumble dry.",
    },
    about: [
      {
        it: "La lana Shetland, rustica e robusta, si ammorbidisce con l'uso e tiene caldo anche nelle giornate umide.",
        en: "Shetland wool, rustic and hard-wearing, softens with wear and keeps you warm even on damp days.",
      },
    ],
    phrase: { it: "lana Shetland", en: "Shetland wool" },
  },
  lanaFredda: {
    composition: { it: "100% lana vergine", en: "100% virgin wool" },
    care: CARE.dryClean,
    about: [
      {
        it: "La lana fredda super 120's è leggera e traspirante, da portare tutto l'anno.",
        en: "The super 120s tropical wool is light and breathable, to wear all year round.",
      },
    ],
    phrase: { it: "lana fredda super 120's", en: "super 120s tropical wool" },
  },
  fresco: {
    composition: { it: "100% lana vergine", en: "100% virgin wool" },
    care: CARE.dryClean,
    about: [
      {
        it: "Il fresco di lana, dalla trama aperta e ritorta, lascia respirare la pelle e si libera delle pieghe da solo.",
        en: "Fresco wool, with its open, high-twist weave, lets the skin breathe and shakes off creases on its own.",
      },
    ],
    phrase: { it: "fresco di lana", en: "fresco wool" },
  },
  flanella: {
    composition: { it: "100% lana", en: "100% wool" },
    care: CARE.dryClean,
    about: [
      {
        it: "La flanella di lana cardata, tessuta nel Biellese, è morbida, calda e dall'aspetto leggermente mélange.",
        en: "The carded wool flannel, woven in the Biella district, is soft, warm and subtly mottled.",
      },
    ],
    phrase: { it: "flanella di lana", en: "wool flannel" },
  },
  flanellaCotone: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.cotton30,
    about: [
      {
        it: "La flanella di cotone garzata è calda e morbida come una coperta leggera.",
        en: "The brushed cotton flannel is warm and soft, like a light blanket.",
      },
    ],
    phrase: { it: "flanella di cotone", en: "cotton flannel" },
  },
  velluto: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: {
      it: "Lavaggio in lavatrice a 30 °C sul rovescio. Non candeggiare. Stirare sul rovescio a temperatura media.",
      en: "Machine wash at 30 °C inside out. Do not bleach. Iron inside out at medium heat.",
    },
    about: [
      {
        it: "Il velluto a coste di cotone ha un aspetto ricco e una mano calda, e invecchia benissimo.",
        en: "The cotton corduroy has a rich look and a warm hand, and it ages beautifully.",
      },
    ],
    phrase: { it: "velluto a coste", en: "cotton corduroy" },
  },
  gabardine: {
    composition: { it: "98% cotone, 2% elastan", en: "98% cotton, 2% elastane" },
    care: CARE.cotton30,
    about: [
      {
        it: "La gabardine di cotone, compatta e resistente, ha un filo di elastan che la rende comoda nei movimenti.",
        en: "The compact, hard-wearing cotton gabardine has a touch of elastane for ease of movement.",
      },
    ],
    phrase: { it: "gabardine di cotone", en: "cotton gabardine" },
  },
  twill: {
    composition: { it: "97% cotone, 3% elastan", en: "97% cotton, 3% elastane" },
    care: CARE.cotton30,
    about: [
      {
        it: "Il twill di cotone elasticizzato è robusto ma morbido, e mantiene la forma tutto il giorno.",
        en: "The stretch cotton twill is sturdy yet soft, and keeps its shape all day.",
      },
    ],
    phrase: { it: "twill di cotone elasticizzato", en: "stretch cotton twill" },
  },
  denim: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.denim,
    about: [
      {
        it: "Il denim, tessuto in Italia e lavato con pochissima acqua, ha un colore profondo che si schiarisce con te.",
        en: "The denim, woven in Italy and washed with minimal water, has a deep colour that fades along with you.",
      },
    ],
    phrase: { it: "denim italiano", en: "Italian denim" },
  },
  cimosa: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.denim,
    about: [
      {
        it: "Il denim cimosa, tessuto lentamente su vecchi telai, è rigido all'inizio e prende la tua forma con il tempo.",
        en: "The selvedge denim, slowly woven on vintage looms, starts out stiff and takes your shape over time.",
      },
    ],
    phrase: { it: "denim cimosa", en: "selvedge denim" },
  },
  tweed: {
    composition: { it: "100% lana", en: "100% wool" },
    care: CARE.dryClean,
    about: [
      {
        it: "Il tweed di lana, dalla trama mossa e dai colori mescolati, è caldo, resistente e pieno di carattere.",
        en: "The wool tweed, with its textured weave and blended colours, is warm, hard-wearing and full of character.",
      },
    ],
    phrase: { it: "tweed di lana", en: "wool tweed" },
  },
  tela: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: CARE.cotton30,
    about: [
      {
        it: "La tela di cotone pesante, tinta in capo, ha un aspetto vissuto fin dal primo giorno.",
        en: "The heavy, garment-dyed cotton canvas looks lived-in from day one.",
      },
    ],
    phrase: { it: "tela di cotone tinta in capo", en: "garment-dyed cotton canvas" },
  },
  camoscio: {
    composition: { it: "100% pelle scamosciata di capra", en: "100% goat suede" },
    care: CARE.suede,
    about: [
      {
        it: "Il camoscio, conciato in Toscana, è morbido e vellutato e sviluppa una bella patina con l'uso.",
        en: "The suede, tanned in Tuscany, is soft and velvety and develops a lovely patina with use.",
      },
    ],
    phrase: { it: "camoscio toscano", en: "Tuscan suede" },
  },
  peloCammello: {
    composition: { it: "100% pelo di cammello", en: "100% camel hair" },
    care: CARE.coat,
    about: [
      {
        it: "Il pelo di cammello, tessuto in Piemonte, è leggero, caldissimo e dalla lucentezza naturale.",
        en: "The camel hair, woven in Piedmont, is light, very warm and naturally lustrous.",
      },
    ],
    phrase: { it: "puro pelo di cammello", en: "pure camel hair" },
  },
  pannoCashmere: {
    composition: { it: "90% lana, 10% cashmere", en: "90% wool, 10% cashmere" },
    care: CARE.coat,
    about: [
      {
        it: "Il panno di lana e cashmere è denso e compatto, con una superficie morbida e leggermente lucida.",
        en: "The wool and cashmere cloth is dense and compact, with a soft, slightly lustrous surface.",
      },
    ],
    phrase: { it: "panno di lana e cashmere", en: "wool and cashmere cloth" },
  },
  gabardineTrench: {
    composition: { it: "100% cotone", en: "100% cotton" },
    care: {
      it: "Lavaggio a secco. Non candeggiare. Stirare a temperatura media.",
      en: "Dry clean. Do not bleach. Iron at medium heat.",
    },
    about: [
      {
        it: "La gabardine di cotone a trama diagonale fitta è trattata per resistere alla pioggia leggera.",
        en: "The tightly woven diagonal cotton gabardine is treated to shrug off light rain.",
      },
    ],
    phrase: { it: "gabardine di cotone idrorepellente", en: "water-repellent cotton gabardine" },
  },
  loden: {
    composition: { it: "100% lana", en: "100% wool" },
    care: CARE.coat,
    about: [
      {
        it: "Il loden, lana follata e garzata secondo la tradizione alpina, protegge dal vento e dall'umidità.",
        en: "Loden, wool milled and brushed in the Alpine tradition, protects against wind and damp.",
      },
    ],
    phrase: { it: "loden di lana", en: "wool loden" },
  },
  double: {
    composition: { it: "100% lana vergine", en: "100% virgin wool" },
    care: CARE.coat,
    about: [
      {
        it: "Il double di lana unisce due tessuti senza fodera: caldo, leggero e rifinito anche all'interno.",
        en: "Double-face wool bonds two cloths with no lining: warm, light and finished inside as well.",
      },
    ],
    phrase: { it: "double di lana", en: "double-face wool" },
  },
  melton: {
    composition: { it: "80% lana, 20% poliammide", en: "80% wool, 20% polyamide" },
    care: CARE.coat,
    about: [
      {
        it: "Il panno melton, fitto e compatto, tiene lontano il vento e mantiene la forma per anni.",
        en: "The dense, compact melton cloth keeps out the wind and holds its shape for years.",
      },
    ],
    phrase: { it: "panno melton di lana", en: "wool melton" },
  },
  vitello: {
    composition: { it: "100% pelle di vitello", en: "100% calf leather" },
    care: CARE.leather,
    about: [
      {
        it: "La pelle di vitello, conciata al vegetale in Toscana, si ammorbidisce e si scurisce con l'uso.",
        en: "The calf leather, vegetable-tanned in Tuscany, softens and darkens with use.",
      },
      {
        it: "Bordi tinti e cuciture a mano rivelano il lavoro dei nostri artigiani fiorentini.",
        en: "Painted edges and hand stitching reveal the work of our Florentine artisans.",
      },
    ],
    phrase: { it: "pelle di vitello toscana", en: "Tuscan calf leather" },
  },
  nappa: {
    composition: { it: "100% pelle di agnello nappa", en: "100% nappa lambskin" },
    care: CARE.leather,
    about: [
      {
        it: "La nappa di agnello è sottile e morbidissima, con una mano che ricorda la seta.",
        en: "The nappa lambskin is fine and supremely soft, with a hand that recalls silk.",
      },
    ],
    phrase: { it: "nappa di agnello", en: "nappa lambskin" },
  },
  telaCuoio: {
    composition: { it: "80% cotone, 20% pelle di vitello", en: "80% cotton, 20% calf leather" },
    care: {
      it: "Pulire con un panno umido. Non lavare in lavatrice. Tenere la pelle lontana da fonti di calore.",
      en: "Wipe with a damp cloth. Do not machine wash. Keep the leather away from heat.",
    },
    about: [
      {
        it: "La tela di cotone cerata resiste all'acqua e all'uso quotidiano, mentre i dettagli in cuoio invecchiano con grazia.",
        en: "The waxed cotton canvas stands up to water and daily use, while the leather details age gracefully.",
      },
    ],
    phrase: { it: "tela cerata e cuoio", en: "waxed canvas and leather" },
  },
  rafia: {
    composition: { it: "85% rafia, 15% pelle di vitello", en: "85% raffia, 15% calf leather" },
    care: {
      it: "Pulire con un panno asciutto. Evitare il contatto con l'acqua. Riporre imbottita di carta per mantenere la forma.",
      en: "Wipe with a dry cloth. Avoid contact with water. Store stuffed with paper to keep its shape.",
    },
    about: [
      {
        it: "La rafia naturale è intrecciata a mano in Sardegna, con piccole irregolarità che rendono ogni pezzo unico.",
        en: "The natural raffia is hand-woven in Sardinia, with small irregularities that make every piece unique.",
      },
    ],
    phrase: { it: "rafia intrecciata a mano", en: "hand-woven raffia" },
  },
  scarpaCuoio: {
    composition: {
      it: "Tomaia 100% pelle di vitello, suola in cuoio",
      en: "Upper 100% calf leather, leather sole",
    },
    care: CARE.shoes,
    about: [
      {
        it: "La pelle di vitello pieno fiore è rifinita a mano e montata su forme studiate per il comfort.",
        en: "The full-grain calf leather is hand-finished and lasted on shapes designed for comfort.",
      },
    ],
    phrase: { it: "pelle di vitello pieno fiore", en: "full-grain calf leather" },
  },
  scarpaGomma: {
    composition: {
      it: "Tomaia 100% pelle di vitello, suola in gomma",
      en: "Upper 100% calf leather, rubber sole",
    },
    care: CARE.shoes,
    about: [
      {
        it: "La pelle di vitello liscia, tagliata e cucita nelle Marche, diventa più comoda a ogni passo.",
        en: "The smooth calf leather, cut and stitched in the Marche, gets more comfortable with every step.",
      },
    ],
    phrase: { it: "pelle di vitello", en: "calf leather" },
  },
  scarpaCamoscio: {
    composition: {
      it: "Tomaia 100% pelle scamosciata di vitello, suola in gomma",
      en: "Upper 100% calf suede, rubber sole",
    },
    care: {
      it: "Spazzolare con una spazzola per camoscio. Trattare con spray impermeabilizzante. Non lavare.",
      en: "Brush with a suede brush. Treat with a waterproofing spray. Do not wash.",
    },
    about: [
      {
        it: "Il camoscio di vitello, morbido e compatto, è trattato per resistere all'acqua senza perdere il suo aspetto vellutato.",
        en: "The soft, dense calf suede is treated to resist water without losing its velvety look.",
      },
    ],
    phrase: { it: "camoscio di vitello", en: "calf suede" },
  },
  scarpaNappa: {
    composition: {
      it: "Tomaia 100% pelle di agnello nappa, suola in cuoio",
      en: "Upper 100% nappa lambskin, leather sole",
    },
    care: CARE.shoes,
    about: [
      {
        it: "La nappa di agnello avvolge il piede come un guanto e non ha bisogno di rodaggio.",
        en: "The nappa lambskin wraps the foot like a glove and needs no breaking in.",
      },
    ],
    phrase: { it: "nappa di agnello", en: "nappa lambskin" },
  },
  lanaSeta: {
    composition: { it: "70% lana, 30% seta", en: "70% wool, 30% silk" },
    care: CARE.delicate,
    about: [
      {
        it: "La lana finissima e la seta creano un tessuto leggero e caldo, con una luce appena percettibile.",
        en: "Ultra-fine wool and silk make a light, warm cloth with a barely perceptible sheen.",
      },
    ],
    phrase: { it: "lana e seta", en: "wool and silk" },
  },
  setaCotone: {
    composition: { it: "70% cotone, 30% seta", en: "70% cotton, 30% silk" },
    care: CARE.delicate,
    about: [
      {
        it: "Il cotone con una parte di seta è fresco come una camicia estiva, ma con una luce più ricca.",
        en: "Cotton with a touch of silk is as cool as a summer shirt, but with a richer glow.",
      },
    ],
    phrase: { it: "cotone e seta", en: "cotton and silk" },
  },
} satisfies Record<string, Material>;

type MaterialKey = keyof typeof materials;

/* ------------------------------------------------------------------------------------------ */
/* Styling sentences per leaf category ("how to wear it"), informal "tu" in Italian            */
/* ------------------------------------------------------------------------------------------ */

const styling: Record<string, Localized[]> = {
  "donna-abiti": [
    {
      it: "Di giorno indossalo con sandali bassi e una borsa in rafia; la sera cambia tutto con un tacco sottile e orecchini importanti.",
      en: "By day, wear it with flat sandals and a raffia bag; at night, change everything with a slim heel and statement earrings.",
    },
    {
      it: "Aggiungi un blazer morbido per l'ufficio e una cintura sottile per segnare la vita.",
      en: "Add a soft blazer for the office and a skinny belt to define the waist.",
    },
    {
      it: "Quando la sera rinfresca, mettici sopra un cardigan in cashmere e scegli delle ballerine.",
      en: "When the evening turns cool, throw a cashmere cardigan over it and choose ballet flats.",
    },
    {
      it: "Con sneakers bianche e una giacca in denim diventa il tuo abito del weekend.",
      en: "With white sneakers and a denim jacket, it becomes your weekend dress.",
    },
  ],
  "donna-camicie": [
    {
      it: "Da portare infilata in un pantalone a vita alta o aperta su una canotta, con le maniche arrotolate.",
      en: "Wear it tucked into high-waisted trousers or open over a vest, with the sleeves rolled up.",
    },
    {
      it: "Sotto un pullover girocollo lascia spuntare solo il colletto e i polsini.",
      en: "Under a crew-neck jumper, let just the collar and cuffs peek out.",
    },
    {
      it: "Con jeans dritti e mocassini è il tuo passepartout per tutta la settimana.",
      en: "With straight jeans and loafers, it's your go-anywhere piece all week long.",
    },
    {
      it: "Prova l'abbinamento con una gonna midi in seta e un tacco basso, dall'ufficio alla cena.",
      en: "Try it with a silk midi skirt and a low heel, from the office to dinner.",
    },
  ],
  "donna-maglieria": [
    {
      it: "Indossalo sopra un abito sottoveste, oppure con jeans e stivaletti per un look semplice e caldo.",
      en: "Wear it over a slip dress, or with jeans and ankle boots for a simple, warm look.",
    },
    {
      it: "Abbinalo a pantaloni sartoriali per l'ufficio e a una gonna in seta per la sera.",
      en: "Pair it with tailored trousers for the office and a silk skirt for the evening.",
    },
    {
      it: "Trattato con cura ti accompagnerà per molte stagioni: è un investimento, non un acquisto.",
      en: "Cared for properly, it will stay with you for many seasons: an investment rather than a purchase.",
    },
    {
      it: "Scegli la tua taglia abituale per una vestibilità pulita, una in più per un effetto morbido e rilassato.",
      en: "Choose your usual size for a clean fit, or one size up for a softer, relaxed look.",
    },
  ],
  "donna-pantaloni": [
    {
      it: "Con una camicia infilata e i mocassini sono perfetti per l'ufficio; con una t-shirt bianca e le sneakers, per il weekend.",
      en: "With a tucked-in shirt and loafers they are right for the office; with a white T-shirt and sneakers, for the weekend.",
    },
    {
      it: "Aggiungi un tacco per allungare la figura o scegli una ballerina per un'aria più rilassata.",
      en: "Add a heel to lengthen the silhouette, or pick a ballet flat for a more relaxed feel.",
    },
    {
      it: "Stanno benissimo con maglieria corta o camicie infilate, che valorizzano il punto vita.",
      en: "They look best with cropped knits or tucked-in shirts that show off the waist.",
    },
    {
      it: "Portali con un cardigan lungo nella stessa tonalità per un look tono su tono dalla testa ai piedi.",
      en: "Wear them with a long cardigan in the same shade for a tonal look from head to toe.",
    },
  ],
  "donna-gonne": [
    {
      it: "Con un dolcevita aderente e gli stivali è elegante senza sforzo.",
      en: "With a fitted turtleneck and boots, it's effortlessly elegant.",
    },
    {
      it: "Infilaci dentro una camicia di seta e aggiungi un tacco basso per la sera.",
      en: "Tuck a silk shirt into it and add a low heel for the evening.",
    },
    {
      it: "Con una t-shirt bianca e le sneakers diventa un capo da tutti i giorni.",
      en: "With a white T-shirt and sneakers, it becomes an everyday piece.",
    },
    {
      it: "Prova un cardigan corto abbottonato e una cintura sottile per giocare con le proporzioni.",
      en: "Try a cropped buttoned cardigan and a skinny belt to play with proportions.",
    },
  ],
  "uomo-camicie": [
    {
      it: "Sotto una giacca destrutturata o con un semplice chino e le maniche arrotolate, funziona sempre.",
      en: "Under an unstructured jacket or with simple chinos and rolled sleeves, it always works.",
    },
    {
      it: "Con jeans cimosa e stivaletti nel weekend, con pantaloni in flanella e pullover in ufficio.",
      en: "With selvedge jeans and boots at the weekend, with flannel trousers and a jumper at the office.",
    },
    {
      it: "Scegli la tua taglia abituale: la vestibilità funziona sia dentro sia fuori dai pantaloni.",
      en: "Take your usual size: the fit works both tucked in and worn loose.",
    },
    {
      it: "Aggiungi un pullover con scollo a V e hai un look da ufficio anche senza cravatta.",
      en: "Add a V-neck jumper and you have an office look, even without a tie.",
    },
  ],
  "uomo-maglieria": [
    {
      it: "Sopra una camicia oxford in ufficio, su una t-shirt bianca nel weekend.",
      en: "Over an Oxford shirt at the office, over a white T-shirt at the weekend.",
    },
    {
      it: "Sotto un cappotto in cammello o una giacca in tweed diventerà il capo che indossi di più.",
      en: "Under a camel coat or a tweed jacket, it will become the piece you wear most.",
    },
    {
      it: "Con chino e mocassini scamosciati per un'eleganza rilassata, senza rinunciare al comfort.",
      en: "With chinos and suede loafers for relaxed elegance, without giving up comfort.",
    },
    {
      it: "Segui le istruzioni di lavaggio, piega e riponi in piano: durerà molte stagioni.",
      en: "Follow the care instructions, fold and store flat: it will last for many seasons.",
    },
  ],
  "uomo-pantaloni": [
    {
      it: "Con una camicia in popeline e un blazer per il lavoro, con una polo in maglia nel fine settimana.",
      en: "With a poplin shirt and a blazer for work, with a knitted polo at the weekend.",
    },
    {
      it: "Portali con mocassini e calze a contrasto, oppure con sneakers in pelle bianca.",
      en: "Wear them with loafers and contrasting socks, or with white leather sneakers.",
    },
    {
      it: "Con un dolcevita e una giacca destrutturata ottieni un look moderno, senza cravatta.",
      en: "With a roll-neck and an unstructured jacket, you get a modern, tie-free look.",
    },
    {
      it: "Scegli la tua taglia italiana abituale: la vita ha un margine di cucitura per piccoli aggiustamenti.",
      en: "Choose your usual Italian size: the waist has a seam allowance for small alterations.",
    },
  ],
  "uomo-giacche": [
    {
      it: "Sopra un dolcevita al posto della camicia, con pantaloni in flanella o jeans scuri.",
      en: "Over a roll-neck instead of a shirt, with flannel trousers or dark jeans.",
    },
    {
      it: "Con una camicia oxford e un chino per un look da ufficio rilassato.",
      en: "With an Oxford shirt and chinos for a relaxed office look.",
    },
    {
      it: "Nel weekend sopra una t-shirt e jeans, con le maniche leggermente arricciate.",
      en: "At the weekend over a T-shirt and jeans, with the sleeves pushed up a little.",
    },
    {
      it: "Scegli la tua taglia abituale: le spalle sono morbide e seguono la tua linea naturale.",
      en: "Take your usual size: the shoulders are soft and follow your natural line.",
    },
  ],
  "uomo-cappotti": [
    {
      it: "Sopra un completo in ufficio, oppure su un maglione a collo alto e jeans nel weekend.",
      en: "Over a suit at the office, or over a roll-neck and jeans at the weekend.",
    },
    {
      it: "Con una sciarpa in cashmere e stivaletti scamosciati per le mattine più fredde.",
      en: "With a cashmere scarf and suede boots for the coldest mornings.",
    },
    {
      it: "Scegli la tua taglia abituale se porti una giacca sotto, una in meno per una linea più asciutta.",
      en: "Take your usual size to wear a jacket underneath, or one size down for a leaner line.",
    },
    {
      it: "È fatto per durare: portalo per anni e lascia che prenda la forma delle tue spalle.",
      en: "It's made to last: wear it for years and let it take the shape of your shoulders.",
    },
  ],
  "accessori-borse": [
    {
      it: "Sta bene con un cappotto sartoriale come con una camicia e jeans: un accessorio per tutto il guardaroba.",
      en: "It looks as right with a tailored coat as with a shirt and jeans: an accessory for your whole wardrobe.",
    },
    {
      it: "Ogni borsa è rifinita a mano in una piccola pelletteria toscana.",
      en: "Every bag is finished by hand in a small Tuscan leather workshop.",
    },
    {
      it: "Scegli un colore neutro per ogni giorno o una tonalità decisa per accendere un look semplice.",
      en: "Choose a neutral shade for every day, or a bolder tone to lift a simple outfit.",
    },
    {
      it: "Quando non la usi, riponila nel sacchetto antipolvere incluso.",
      en: "When you're not using it, keep it in the dust bag provided.",
    },
  ],
  "accessori-scarpe": [
    {
      it: "Con un jeans dritto e un cappotto lungo, o con pantaloni sartoriali per l'ufficio.",
      en: "With straight jeans and a long coat, or with tailored trousers for the office.",
    },
    {
      it: "Nascono in una piccola manifattura delle Marche, dove la pelle si lavora da generazioni.",
      en: "They are made in a small workshop in the Marche, where leather has been worked for generations.",
    },
    {
      it: "Calzata regolare: scegli il tuo numero abituale.",
      en: "True to size: choose your usual size.",
    },
    {
      it: "Abbina una cintura dello stesso colore per un look curato fin nei dettagli.",
      en: "Match them with a belt in the same shade for a look that's polished down to the details.",
    },
  ],
  "accessori-sciarpe": [
    {
      it: "Da girare intorno al collo, appoggiare sulle spalle o annodare al manico della borsa.",
      en: "Wrap it around your neck, drape it over your shoulders or knot it to your bag handle.",
    },
    {
      it: "Sopra un cappotto cammello o una giacca in denim porta colore e morbidezza vicino al viso.",
      en: "Over a camel coat or a denim jacket, it brings colour and softness close to your face.",
    },
    {
      it: "Un regalo che non sbaglia mai, confezionato nella nostra scatola in cartone riciclato.",
      en: "A gift that never misses, packed in our recycled cardboard box.",
    },
    {
      it: "Con un maglione in tinta unita diventa il punto focale di tutto il look.",
      en: "With a plain jumper, it becomes the focal point of the whole outfit.",
    },
  ],
  "accessori-cinture": [
    {
      it: "Sui jeans, sui pantaloni sartoriali o in vita su un abito o un cappotto.",
      en: "On jeans, on tailored trousers, or at the waist over a dress or a coat.",
    },
    {
      it: "Abbina il colore alle scarpe per un look ordinato e coerente.",
      en: "Match the colour to your shoes for a neat, coherent look.",
    },
    {
      it: "Realizzata in Toscana con pellami conciati nel rispetto dell'ambiente.",
      en: "Made in Tuscany from responsibly tanned leather.",
    },
    {
      it: "Un piccolo dettaglio che cambia le proporzioni: prova a portarla sopra una maglia lunga.",
      en: "A small detail that changes proportions: try wearing it over a long knit.",
    },
  ],
};

const categoryKeywords: Record<string, Localized> = {
  "donna-abiti": { it: "abiti donna", en: "women's dresses" },
  "donna-camicie": { it: "camicie donna", en: "women's shirts" },
  "donna-maglieria": { it: "maglieria donna", en: "women's knitwear" },
  "donna-pantaloni": { it: "pantaloni donna", en: "women's trousers" },
  "donna-gonne": { it: "gonne donna", en: "women's skirts" },
  "uomo-camicie": { it: "camicie uomo", en: "men's shirts" },
  "uomo-maglieria": { it: "maglieria uomo", en: "men's knitwear" },
  "uomo-pantaloni": { it: "pantaloni uomo", en: "men's trousers" },
  "uomo-giacche": { it: "giacche uomo", en: "men's jackets" },
  "uomo-cappotti": { it: "cappotti uomo", en: "men's coats" },
  "accessori-borse": { it: "borse in pelle", en: "leather bags" },
  "accessori-scarpe": { it: "scarpe", en: "shoes" },
  "accessori-sciarpe": { it: "sciarpe", en: "scarves" },
  "accessori-cinture": { it: "cinture", en: "belts" },
};

/* ------------------------------------------------------------------------------------------ */
/* Sizes                                                                                      */
/* ------------------------------------------------------------------------------------------ */

const SIZES = {
  women: ["XS", "S", "M", "L", "XL"],
  men: ["S", "M", "L", "XL"],
  oneSizeKnit: ["S", "M", "L"],
  menTrousers: ["44", "46", "48", "50", "52"],
  menTailoring: ["46", "48", "50", "52"],
  womenShoes: ["36", "37", "38", "39", "40", "41"],
  menShoes: ["40", "41", "42", "43", "44", "45"],
  unisexShoes: ["38", "39", "40", "41", "42", "43", "44", "45"],
  uni: ["UNI"],
  beltCm: ["85", "90", "95"],
  beltLetter: ["S", "M", "L"],
};

const defaultSizes: Record<string, string[]> = {
  "donna-abiti": SIZES.women,
  "donna-camicie": SIZES.women,
  "donna-maglieria": SIZES.women,
  "donna-pantaloni": SIZES.women,
  "donna-gonne": SIZES.women,
  "uomo-camicie": SIZES.men,
  "uomo-maglieria": SIZES.men,
  "uomo-pantaloni": SIZES.menTrousers,
  "uomo-giacche": SIZES.menTailoring,
  "uomo-cappotti": SIZES.menTailoring,
  "accessori-borse": SIZES.uni,
  "accessori-scarpe": SIZES.unisexShoes,
  "accessori-sciarpe": SIZES.uni,
  "accessori-cinture": SIZES.beltCm,
};

/* ------------------------------------------------------------------------------------------ */
/* Product specs                                                                              */
/* ------------------------------------------------------------------------------------------ */

interface ProductSpec {
  name: Localized;
  material: MaterialKey;
  /** Full price in whole euros. */
  price: number;
  colors: string[];
  /** First sentence of the description: the cut and the details. */
  cut: Localized;
  sizes?: string[];
  /** On sale (about 20 products). */
  sale?: true;
  /** Published within the last two weeks. */
  isNew?: true;
  /** Had an older, lower full price (a price change more than 30 days ago, not a sale). */
  repriced?: true;
  /** Every variant sold out. */
  soldOut?: true;
  /** Every size of this colour sold out. */
  soldOutColor?: string;
}

const p = (
  it: string,
  en: string,
  material: MaterialKey,
  price: number,
  colors: string[],
  cutIt: string,
  cutEn: string,
  extra: Omit<ProductSpec, "name" | "material" | "price" | "colors" | "cut"> = {},
): ProductSpec => ({
  name: { it, en },
  material,
  price,
  colors,
  cut: { it: cutIt, en: cutEn },
  ...extra,
});

const specs: Record<string, ProductSpec[]> = {
  "donna-abiti": [
    p("Abito midi in lino", "Linen midi dress", "lino", 229, ["sabbia", "avorio", "salvia"],
      "Taglio midi leggermente svasato, scollo a V e cintura da annodare in vita.",
      "A softly flared midi cut with a V-neck and a tie belt at the waist.",
      { sale: true }),
    p("Abito chemisier in popeline", "Poplin shirt dress", "popeline", 189, ["avorio", "celeste", "blu-notte"],
      "Un classico chemisier lungo al polpaccio, con colletto, bottoni in madreperla e spacchi laterali.",
      "A classic calf-length shirt dress with a pointed collar, mother-of-pearl buttons and side slits."),
    p("Abito sottoveste in seta", "Silk slip dress", "seta", 329, ["nero", "cipria", "salvia"],
      "Linea a sbieco che scivola sul corpo, spalline sottili regolabili e morbido scollo a cappuccio.",
      "A bias cut that skims the body, with fine adjustable straps and a soft cowl neckline."),
    p("Abito in maglia a coste di merino", "Ribbed merino knit dress", "merino", 259, ["grigio-melange", "cammello", "nero"],
      "Maglia a coste aderente ma mai rigida, collo alto morbido e lunghezza sotto il ginocchio.",
      "A close-fitting yet never stiff rib knit, with a soft high neck and a below-the-knee length.",
      { isNew: true }),
    p("Abito a portafoglio in crêpe", "Crêpe wrap dress", "viscosaCrepe", 219, ["terracotta", "blu-notte", "nero"],
      "Chiusura a portafoglio con laccio interno, maniche a tre quarti e gonna che si muove a ogni passo.",
      "A wrap fastening with an inner tie, three-quarter sleeves and a skirt that moves with every step."),
    p("Abito lungo plissé", "Long pleated dress", "plisse", 279, ["salvia", "cipria", "bordeaux"],
      "Plissettatura fine dalla scollatura all'orlo, maniche lunghe leggermente a sbuffo e vita segnata da un elastico nascosto.",
      "Fine pleats from neckline to hem, gently puffed long sleeves and a waist defined by a hidden elastic.",
      { sale: true }),
    p("Abito a trapezio in lana crêpe", "Wool crêpe A-line dress", "lanaCrepe", 299, ["bordeaux", "nero", "verde-bosco"],
      "Linea ad A essenziale, girocollo pulito e tasche nelle cuciture laterali, con lunghezza appena sopra il ginocchio.",
      "A clean A-line, a neat crew neck and pockets in the side seams, falling just above the knee."),
    p("Abito a balze in voile di cotone", "Tiered cotton voile dress", "voile", 169, ["avorio", "terracotta", "celeste"],
      "Corpino arricciato, gonna a tre balze e spalline larghe che si incrociano sul retro.",
      "A gathered bodice, a three-tier skirt and wide straps that cross at the back.",
      { sale: true }),
  ],
  "donna-camicie": [
    p("Camicia oversize in popeline di cotone", "Oversized cotton poplin shirt", "popeline", 129, ["bianco", "celeste", "blu-notte"],
      "Spalle scese, carré profondo sul retro e orlo arrotondato più lungo dietro.",
      "Dropped shoulders, a deep back yoke and a curved hem that is longer at the back."),
    p("Camicia in seta lavata", "Washed silk shirt", "setaLavata", 189, ["avorio", "cipria", "nero"],
      "Vestibilità morbida, colletto piccolo e bottoni ricoperti, con polsini a doppio bottone.",
      "A relaxed fit, a small collar and covered buttons, with two-button cuffs."),
    p("Camicia in lino con collo alla coreana", "Linen grandad-collar shirt", "lino", 119, ["avorio", "salvia", "sabbia"],
      "Collo alla coreana, abbottonatura nascosta e maniche che si arrotolano facilmente fino al gomito.",
      "A band collar, a concealed placket and sleeves that roll up easily to the elbow.",
      { sale: true }),
    p("Blusa con fiocco in crêpe de chine", "Crêpe de chine pussy-bow blouse", "crepeDeChine", 179, ["avorio", "bordeaux", "blu-notte"],
      "Fiocco da annodare al collo, maniche lunghe con polsino stretto e linea appena svasata.",
      "A bow to tie at the neck, long sleeves with narrow cuffs and a gently flared line."),
    p("Camicia a righe in cotone oxford", "Striped cotton Oxford shirt", "oxford", 109, ["celeste", "bianco", "bordeaux"],
      "Righe sottili tinte in filo, colletto button-down e taschino applicato sul petto.",
      "Fine yarn-dyed stripes, a button-down collar and a patch pocket on the chest.",
      { sale: true }),
    p("Camicia in chambray", "Chambray shirt", "chambray", 139, ["celeste", "blu-notte"],
      "Taglio workwear con due taschini a pattina, bottoni a pressione e spalle leggermente scese.",
      "A workwear cut with two flap pockets, snap buttons and slightly dropped shoulders."),
    p("Camicia in voile con pieghine", "Pintucked voile shirt", "voile", 149, ["bianco", "avorio", "cipria"],
      "Pieghine cucite sul davanti, scollo tondo con piccola apertura e maniche ampie.",
      "Pintucks stitched down the front, a round neck with a small opening and full sleeves."),
  ],
  "donna-maglieria": [
    p("Cardigan in cashmere", "Cashmere cardigan", "cashmere", 349, ["cammello", "grigio-melange", "cipria", "nero"],
      "Scollo a V, bottoni in corno e bordi a coste, lungo quanto basta per coprire i fianchi.",
      "A V-neck, horn buttons and ribbed edges, long enough to cover the hips.",
      { isNew: true }),
    p("Dolcevita in merino extrafine", "Extra-fine merino turtleneck", "merino", 149, ["nero", "avorio", "bordeaux", "blu-notte"],
      "Vestibilità aderente, collo alto da risvoltare e una maglia a finezza 16 dal peso quasi impercettibile.",
      "A close fit, a fold-over high neck and a 16-gauge knit that weighs almost nothing.",
      { soldOutColor: "bordeaux" }),
    p("Maglione a trecce in alpaca", "Alpaca-blend cable-knit jumper", "alpaca", 229, ["avorio", "sabbia", "verde-bosco"],
      "Trecce in rilievo sul davanti e sulle maniche, collo a lupetto e spalle scese.",
      "Raised cables on the front and sleeves, a mock neck and dropped shoulders.",
      { isNew: true }),
    p("Pullover girocollo in cashmere", "Cashmere crew-neck jumper", "cashmere", 299, ["cipria", "grigio-melange", "cammello"],
      "Girocollo pulito, vestibilità regolare e polsini a coste lunghi da portare arricciati.",
      "A clean crew neck, a regular fit and long ribbed cuffs to wear slightly scrunched."),
    p("Gilet in mohair", "Mohair vest", "mohair", 169, ["cipria", "salvia", "avorio"],
      "Scollo a V profondo, lunghezza corta e una superficie vaporosa che cattura la luce.",
      "A deep V-neck, a cropped length and a fluffy surface that catches the light.",
      { soldOut: true }),
    p("Top in maglia di cotone a coste", "Ribbed cotton knit top", "cotoneMaglia", 129, ["avorio", "nero", "terracotta"],
      "Scollo quadrato, spalline larghe e coste sottili che seguono la figura.",
      "A square neckline, wide straps and fine ribs that follow the figure.",
      { sale: true }),
    p("Cardigan corto in cotone e lino", "Cropped cotton-linen cardigan", "cotoneLino", 159, ["sabbia", "salvia", "avorio"],
      "Lunghezza in vita, punto traforato leggero e piccoli bottoni in madreperla.",
      "A waist-length cut, a light pointelle stitch and small mother-of-pearl buttons.",
      { sale: true }),
    p("Poncho in lana e cashmere", "Wool and cashmere poncho", "lanaCashmere", 279, ["cammello", "grigio-melange", "nero"],
      "Forma ampia e avvolgente, scollo a barchetta e bordi rifiniti a maglia tubolare.",
      "A wide, enveloping shape with a boat neck and edges finished in tubular knit.",
      { sizes: SIZES.oneSizeKnit }),
  ],
  "donna-pantaloni": [
    p("Pantaloni ampi in lino", "Wide-leg linen trousers", "lino", 169, ["sabbia", "avorio", "terracotta"],
      "Vita alta con elastico sul retro, gamba ampia e lunghezza alla caviglia.",
      "A high waist with an elasticated back, a wide leg and an ankle length.",
      { sale: true }),
    p("Pantaloni sartoriali in lana fredda", "Tailored tropical wool trousers", "lanaFredda", 229, ["nero", "grigio-melange", "blu-notte"],
      "Doppia pince, piega stirata e gamba dritta che cade pulita sulla scarpa.",
      "Double pleats, a pressed crease and a straight leg that falls cleanly over the shoe.",
      { repriced: true }),
    p("Pantaloni palazzo in crêpe", "Crêpe palazzo trousers", "viscosaCrepe", 179, ["nero", "bordeaux", "avorio"],
      "Gamba molto ampia e fluida, vita alta con cintura sagomata e zip laterale invisibile.",
      "A very wide, fluid leg, a high shaped waistband and an invisible side zip."),
    p("Jeans dritti a vita alta", "High-rise straight jeans", "denim", 149, ["blu-notte", "avorio", "nero"],
      "Vita alta, gamba dritta e lunghezza alla caviglia, con cinque tasche e bottoni in metallo brunito.",
      "A high rise, a straight leg and an ankle length, with five pockets and burnished metal buttons."),
    p("Pantaloni in velluto a coste", "Corduroy trousers", "velluto", 169, ["cammello", "bordeaux", "verde-bosco"],
      "Coste medie, vita alta con pince e gamba leggermente a botte.",
      "Mid-wale cord, a high waist with pleats and a gently barrel-shaped leg.",
      { isNew: true }),
    p("Pantaloni chino in gabardine di cotone", "Cotton gabardine chinos", "gabardine", 149, ["sabbia", "blu-notte", "salvia"],
      "Taglio chino morbido con risvolto all'orlo, tasche oblique e passanti per la cintura.",
      "A relaxed chino cut with turned-up hems, slanted pockets and belt loops.",
      { sale: true }),
    p("Pantaloni in flanella con pince", "Pleated flannel trousers", "flanella", 219, ["grigio-melange", "cammello", "nero"],
      "Pince profonde, gamba ampia che si stringe appena alla caviglia e cinturino con bottone interno.",
      "Deep pleats, a full leg that tapers slightly at the ankle and a waistband with an inner button."),
  ],
  "donna-gonne": [
    p("Gonna midi in seta", "Silk midi skirt", "seta", 229, ["cipria", "salvia", "nero"],
      "Taglio a sbieco, vita elastica nascosta e orlo che ondeggia a metà polpaccio.",
      "A bias cut, a concealed elastic waist and a hem that sways at mid-calf."),
    p("Gonna a pieghe in lana", "Pleated wool skirt", "lanaFredda", 219, ["grigio-melange", "blu-notte", "cammello"],
      "Pieghe piatte cucite fino ai fianchi che si aprono più in basso, con lunghezza al ginocchio.",
      "Flat pleats stitched down to the hip that open out below, in a knee length."),
    p("Gonna a portafoglio in denim", "Denim wrap skirt", "denim", 139, ["blu-notte", "avorio"],
      "Allacciatura a portafoglio con bottone e laccio, lunghezza midi e spacco laterale.",
      "A wrap fastening with a button and tie, a midi length and a side slit.",
      { sale: true }),
    p("Minigonna in tweed", "Tweed mini skirt", "tweed", 179, ["cammello", "bordeaux", "nero"],
      "Linea ad A corta, vita alta e frange sfilacciate lungo l'orlo.",
      "A short A-line, a high waist and frayed fringing along the hem."),
    p("Gonna lunga in lino", "Long linen skirt", "lino", 149, ["avorio", "terracotta", "sabbia"],
      "Gonna lunga e ampia, con coulisse in vita e due capienti tasche laterali.",
      "A long, full skirt with a drawstring waist and two roomy side pockets.",
      { sale: true }),
    p("Gonna a tubino in maglia a coste", "Ribbed knit pencil skirt", "merino", 159, ["nero", "grigio-melange", "bordeaux"],
      "Maglia a coste che segue la linea dei fianchi, vita elastica e spacco sul retro.",
      "A rib knit that follows the line of the hips, an elastic waist and a back slit."),
  ],
  "uomo-camicie": [
    p("Camicia button-down in oxford", "Oxford button-down shirt", "oxford", 119, ["celeste", "bianco", "blu-notte"],
      "Colletto button-down morbido, piega centrale sul retro e vestibilità regolare.",
      "A soft button-down collar, a centre back pleat and a regular fit.",
      { soldOutColor: "blu-notte" }),
    p("Camicia in popeline con collo alla francese", "Cutaway-collar poplin shirt", "popeline", 129, ["bianco", "celeste"],
      "Collo alla francese che regge bene la cravatta, polsini arrotondati e taglio slim ma comodo.",
      "A cutaway collar that holds a tie well, rounded cuffs and a slim yet comfortable cut."),
    p("Camicia in lino lavato", "Washed linen shirt", "lino", 139, ["avorio", "salvia", "celeste", "terracotta"],
      "Taglio rilassato, collo morbido senza stecche e orlo dritto da portare anche fuori.",
      "A relaxed cut, a soft collar without stays and a straight hem to wear untucked.",
      { sale: true }),
    p("Camicia a quadri in flanella", "Check flannel shirt", "flanellaCotone", 129, ["bordeaux", "verde-bosco", "grigio-melange"],
      "Quadro tinto in filo, due taschini con pattina e tessuto garzato su entrambi i lati.",
      "A yarn-dyed check, two flap pockets and cloth brushed on both sides."),
    p("Overshirt in velluto a coste", "Corduroy overshirt", "velluto", 169, ["tabacco", "verde-bosco", "blu-notte"],
      "A metà tra camicia e giacca, con bottoni in corno, taschini applicati e fondo dritto.",
      "Halfway between a shirt and a jacket, with horn buttons, patch pockets and a straight hem."),
    p("Camicia in denim lavato", "Washed denim shirt", "denim", 139, ["blu-notte", "celeste"],
      "Denim leggero da 6 once, carré sagomato e bottoni a pressione in madreperla.",
      "Lightweight 6-ounce denim, a shaped yoke and mother-of-pearl snaps."),
    p("Camicia a collo coreano in seta e cotone", "Silk-cotton band-collar shirt", "setaCotone", 179, ["avorio", "nero", "salvia"],
      "Collo alla coreana, abbottonatura nascosta e una mano setosa che si nota al primo tocco.",
      "A band collar, a concealed placket and a silky hand you notice at first touch."),
  ],
  "uomo-maglieria": [
    p("Dolcevita in cashmere", "Cashmere roll-neck", "cashmere", 329, ["nero", "cammello", "blu-notte", "grigio-melange"],
      "Collo alto doppio, vestibilità regolare e filato a due capi tinto in Italia.",
      "A doubled roll neck, a regular fit and two-ply yarn dyed in Italy.",
      { isNew: true }),
    p("Cardigan a scialle in lana", "Shawl-collar wool cardigan", "shetland", 249, ["tabacco", "grigio-melange", "verde-bosco"],
      "Collo a scialle avvolgente, punto inglese pesante e due tasche applicate.",
      "An enveloping shawl collar, a heavy fisherman's rib and two patch pockets.",
      { repriced: true }),
    p("Pullover con scollo a V in merino", "Merino V-neck jumper", "merino", 139, ["blu-notte", "bordeaux", "grigio-melange", "verde-bosco"],
      "Scollo a V profondo il giusto per camicia e cravatta, maglia sottile e polsini a coste.",
      "A V-neck just deep enough for a shirt and tie, a fine knit and ribbed cuffs."),
    p("Polo in maglia di cotone", "Knitted cotton polo", "cotoneMaglia", 129, ["avorio", "blu-notte", "terracotta"],
      "Colletto in maglia, tre bottoni e maniche corte con bordo a coste.",
      "A knitted collar, three buttons and short sleeves with ribbed edges.",
      { sale: true }),
    p("Maglione da pescatore in lana", "Wool fisherman's sweater", "shetland", 219, ["avorio", "blu-notte", "sabbia"],
      "Trecce e punti a nido d'ape ispirati ai maglioni delle isole, con collo alto a costine.",
      "Cables and honeycomb stitches inspired by island jumpers, with a tall ribbed neck.",
      { isNew: true }),
    p("Felpa girocollo in cotone e cashmere", "Cotton-cashmere sweatshirt", "cotoneCashmere", 199, ["grigio-melange", "blu-notte", "salvia"],
      "La forma di una felpa sportiva in un filato prezioso, con inserto a V sul collo e fondo a coste.",
      "The shape of a sports sweatshirt in a precious yarn, with a V-insert at the neck and a ribbed hem."),
    p("Gilet in maglia di merino", "Merino knit gilet", "merino", 149, ["grigio-melange", "cammello", "nero"],
      "Scollo a V, cinque bottoni in corno e tasche a filetto.",
      "A V-neck, five horn buttons and welt pockets."),
  ],
  "uomo-pantaloni": [
    p("Pantaloni sartoriali in flanella", "Tailored flannel trousers", "flanella", 239, ["grigio-melange", "blu-notte", "cammello"],
      "Una pince, regolatori laterali in vita e fondo con risvolto da 4 centimetri.",
      "A single pleat, side adjusters at the waist and a 4-centimetre turn-up."),
    p("Chino slim in twill di cotone", "Slim cotton twill chinos", "twill", 139, ["sabbia", "blu-notte", "verde-bosco", "nero"],
      "Gamba slim che si assottiglia alla caviglia, tasche oblique e un filo di elastan per la comodità.",
      "A slim leg that tapers at the ankle, slanted pockets and a touch of stretch for comfort."),
    p("Pantaloni in lino con coulisse", "Drawstring linen trousers", "lino", 159, ["sabbia", "avorio", "blu-notte"],
      "Vita con coulisse e passanti, gamba dritta e piega stirata per restare eleganti anche al mare.",
      "A drawstring waist with belt loops, a straight leg and a pressed crease that stays smart even at the seaside.",
      { sale: true }),
    p("Pantaloni in velluto a coste larghe", "Wide-wale corduroy trousers", "velluto", 179, ["tabacco", "cammello", "verde-bosco"],
      "Coste larghe e morbide, due pince e gamba ampia dal sapore anni Settanta.",
      "Soft wide wales, two pleats and a full leg with a Seventies feel."),
    p("Jeans in denim cimosa a gamba dritta", "Straight-leg selvedge jeans", "cimosa", 189, ["blu-notte", "nero"],
      "Denim da 13 once, gamba dritta, vita media e rivetti in rame.",
      "13-ounce denim, a straight leg, a mid rise and copper rivets."),
    p("Pantaloni in fresco di lana", "Fresco wool trousers", "fresco", 219, ["blu-notte", "grigio-melange", "nero"],
      "Davanti piatto senza pince, gamba affusolata e orlo senza risvolto.",
      "A flat front, a tapered leg and a plain hem."),
  ],
  "uomo-giacche": [
    p("Giacca destrutturata in lino", "Unstructured linen jacket", "lino", 349, ["sabbia", "blu-notte", "avorio"],
      "Nessuna imbottitura né fodera, spalla a camicia e tre tasche applicate.",
      "No padding or lining, a shirt-style shoulder and three patch pockets.",
      { sale: true }),
    p("Blazer monopetto in flanella", "Single-breasted flannel blazer", "flanella", 459, ["grigio-melange", "blu-notte"],
      "Due bottoni, revers a tacca e spacchi laterali, con una costruzione morbida rifinita a mano.",
      "Two buttons, notch lapels and side vents, with a soft, hand-finished construction.",
      { repriced: true }),
    p("Giacca in tweed a spina di pesce", "Herringbone tweed jacket", "tweed", 429, ["tabacco", "grigio-melange", "verde-bosco"],
      "Disegno a spina di pesce, tasche applicate con pattina e toppe in camoscio ai gomiti.",
      "A herringbone weave, flap patch pockets and suede elbow patches.",
      { isNew: true }),
    p("Giubbotto in pelle scamosciata", "Suede blouson", "camoscio", 549, ["tabacco", "cammello", "nero"],
      "Zip a due vie, collo a camicia e fondo elasticizzato sui fianchi.",
      "A two-way zip, a shirt collar and an elasticated hem at the hips.",
      { soldOut: true }),
    p("Giacca da lavoro in tela di cotone", "Cotton canvas chore jacket", "tela", 249, ["blu-notte", "verde-bosco", "sabbia"],
      "Taglio da lavoro alla francese con quattro tasche applicate, collo a camicia e bottoni in metallo.",
      "A French workwear cut with four patch pockets, a shirt collar and metal buttons."),
    p("Blazer doppiopetto in fresco di lana", "Double-breasted fresco wool blazer", "fresco", 499, ["blu-notte", "nero"],
      "Sei bottoni di cui due da allacciare, ampi revers a lancia e spalla leggermente costruita.",
      "Six buttons with two to fasten, broad peak lapels and a lightly structured shoulder."),
  ],
  "uomo-cappotti": [
    p("Cappotto in pelo di cammello", "Camel hair overcoat", "peloCammello", 690, ["cammello", "tabacco"],
      "Monopetto a tre bottoni, lunghezza al ginocchio e costruzione morbida senza imbottiture.",
      "Single-breasted with three buttons, knee-length and softly built without padding.",
      { isNew: true }),
    p("Cappotto doppiopetto in lana e cashmere", "Double-breasted wool-cashmere coat", "pannoCashmere", 590, ["blu-notte", "grigio-melange", "nero"],
      "Doppiopetto a sei bottoni, revers ampi e martingala sul retro.",
      "A six-button double-breasted front, broad lapels and a half-belt at the back.",
      { isNew: true }),
    p("Trench in gabardine di cotone", "Cotton gabardine trench coat", "gabardineTrench", 449, ["sabbia", "blu-notte"],
      "Doppiopetto con spalline, cintura con fibbia e carré antipioggia sul retro.",
      "Double-breasted with epaulettes, a buckled belt and a storm flap across the back.",
      { sale: true }),
    p("Cappotto in loden", "Loden coat", "loden", 520, ["verde-bosco", "grigio-melange", "blu-notte"],
      "Piega profonda sul retro per muoversi liberamente, collo a listino e bottoni in corno.",
      "A deep back pleat for freedom of movement, a stand collar and horn buttons.",
      { repriced: true }),
    p("Montgomery in double di lana", "Double-face wool duffle coat", "double", 479, ["cammello", "blu-notte", "verde-bosco"],
      "Cappuccio, alamari in corno e corda e ampie tasche applicate.",
      "A hood, horn-and-rope toggles and roomy patch pockets."),
    p("Caban in panno di lana", "Wool melton pea coat", "melton", 399, ["blu-notte", "nero"],
      "Doppiopetto corto, collo ampio da alzare contro il vento e tasche verticali scaldamani.",
      "Short and double-breasted, with a broad collar to turn up against the wind and vertical hand-warmer pockets."),
  ],
  "accessori-borse": [
    p("Borsa tote in pelle", "Leather tote bag", "vitello", 390, ["cammello", "nero", "tabacco"],
      "Forma ampia e morbida, con manici lunghi da spalla e una tasca interna con zip.",
      "A wide, soft shape with long shoulder handles and a zipped inner pocket.",
      { repriced: true }),
    p("Borsa a secchiello in camoscio", "Suede bucket bag", "camoscio", 290, ["tabacco", "terracotta", "salvia"],
      "Chiusura a coulisse in cuoio, tracolla regolabile e fondo rigido ovale.",
      "A leather drawstring closure, an adjustable strap and a firm oval base."),
    p("Borsa a tracolla in nappa", "Nappa crossbody bag", "nappa", 320, ["nero", "cipria", "bordeaux"],
      "Formato compatto con patta magnetica, tracolla regolabile e due scomparti interni.",
      "A compact shape with a magnetic flap, an adjustable strap and two inner compartments."),
    p("Shopper in tela cerata e cuoio", "Waxed canvas and leather shopper", "telaCuoio", 199, ["sabbia", "blu-notte", "verde-bosco"],
      "Manici e rinforzi in cuoio, fondo piatto e spazio a sufficienza per il portatile.",
      "Leather handles and trims, a flat base and enough room for a laptop.",
      { sale: true }),
    p("Borsa in rafia intrecciata", "Woven raffia bag", "rafia", 219, ["sabbia", "avorio"],
      "Intreccio fatto a mano, manici in pelle e fodera in cotone con taschino.",
      "Hand-woven, with leather handles and a cotton lining with a small pocket.",
      { sale: true }),
    p("Pochette in pelle martellata", "Grained leather clutch", "vitello", 199, ["nero", "bordeaux", "avorio"],
      "Busta piatta con zip superiore e laccetto da polso removibile.",
      "A flat pouch with a top zip and a removable wrist strap."),
    p("Borsa weekend in pelle", "Leather weekend bag", "vitello", 490, ["tabacco", "nero"],
      "Ampia apertura con zip a doppio cursore, tracolla staccabile e fondo con piedini in metallo.",
      "A wide opening with a two-way zip, a detachable strap and a base with metal feet."),
  ],
  "accessori-scarpe": [
    p("Mocassini in pelle spazzolata", "Brushed leather loafers", "scarpaCuoio", 289, ["nero", "tabacco", "bordeaux"],
      "Mocassino a punta tonda con mascherina cucita a mano e suola in cuoio.",
      "A round-toe loafer with a hand-stitched apron and a leather sole.",
      { sizes: SIZES.menShoes, soldOutColor: "bordeaux" }),
    p("Stivaletti Chelsea in camoscio", "Suede Chelsea boots", "scarpaCamoscio", 329, ["tabacco", "nero", "sabbia"],
      "Elastici laterali, linguetta posteriore e suola in gomma leggera a rilievo.",
      "Elastic side panels, a back pull tab and a light ridged rubber sole.",
      { sizes: SIZES.menShoes, isNew: true }),
    p("Décolleté in pelle", "Leather pumps", "scarpaCuoio", 259, ["nero", "cipria", "bordeaux"],
      "Punta affusolata e tacco a rocchetto da 6 centimetri, comodo per tutto il giorno.",
      "A pointed toe and a 6-centimetre spool heel, comfortable all day long.",
      { sizes: SIZES.womenShoes }),
    p("Ballerine in nappa", "Nappa ballet flats", "scarpaNappa", 199, ["nero", "avorio", "cipria"],
      "Punta quadrata, piccolo fiocco e soletta imbottita.",
      "A square toe, a small bow and a padded insole.",
      { sizes: SIZES.womenShoes, sale: true }),
    p("Sneakers basse in pelle", "Low-top leather sneakers", "scarpaGomma", 229, ["bianco", "avorio", "nero"],
      "Profilo basso e pulito, tomaia in un solo pezzo e suola a cassetta cucita.",
      "A low, clean profile, a one-piece upper and a stitched cup sole."),
    p("Stringate Derby in pelle", "Leather Derby shoes", "scarpaCuoio", 349, ["nero", "tabacco"],
      "Allacciatura aperta a cinque occhielli, cucitura Goodyear e suola in cuoio risuolabile.",
      "Open five-eyelet lacing, Goodyear welting and a resoleable leather sole.",
      { sizes: SIZES.menShoes }),
    p("Stivali al ginocchio in pelle", "Knee-high leather boots", "scarpaCuoio", 390, ["nero", "tabacco", "bordeaux"],
      "Gambale morbido, zip interna per tutta la lunghezza e tacco a blocco da 5 centimetri.",
      "A soft shaft, a full-length inner zip and a 5-centimetre block heel.",
      { sizes: SIZES.womenShoes }),
    p("Sandali in cuoio con cinturino", "Leather ankle-strap sandals", "scarpaCuoio", 179, ["cammello", "nero", "avorio"],
      "Fasce incrociate, cinturino alla caviglia con fibbia e sottopiede in cuoio naturale.",
      "Crossed straps, a buckled ankle strap and a natural leather footbed.",
      { sizes: SIZES.womenShoes, sale: true }),
  ],
  "accessori-sciarpe": [
    p("Sciarpa in cashmere", "Cashmere scarf", "cashmere", 159, ["cammello", "grigio-melange", "bordeaux", "blu-notte"],
      "Ampia e lunga, con corte frange annodate a mano.",
      "Wide and long, with short hand-knotted fringes."),
    p("Foulard in twill di seta", "Silk twill square", "setaTwill", 129, ["terracotta", "blu-notte", "salvia"],
      "Quadrato da 90 centimetri con stampa ispirata alle maioliche e orli arrotolati a mano.",
      "A 90-centimetre square with a majolica-inspired print and hand-rolled edges."),
    p("Stola in lana e seta", "Wool-silk stole", "lanaSeta", 119, ["avorio", "cipria", "grigio-melange"],
      "Tessuto leggero e quasi trasparente, bordi sfrangiati e dimensioni generose.",
      "A light, almost sheer weave, frayed edges and a generous size."),
    p("Sciarpa in garza di lino", "Linen gauze scarf", "lino", 69, ["sabbia", "salvia", "terracotta"],
      "Garza di lino leggera e bordi sfilacciati, abbastanza lunga da fare due giri intorno al collo.",
      "Light linen gauze with frayed edges, long enough to wrap twice around the neck.",
      { sale: true }),
    p("Sciarpa a coste in merino", "Ribbed merino scarf", "merino", 89, ["verde-bosco", "grigio-melange", "bordeaux", "nero"],
      "Maglia a coste inglesi reversibile, spessa e morbida.",
      "A reversible fisherman's rib, thick and soft."),
  ],
  "accessori-cinture": [
    p("Cintura in cuoio con fibbia in ottone", "Leather belt with brass buckle", "vitello", 99, ["nero", "tabacco", "cammello"],
      "Cuoio conciato al vegetale alto 3,5 centimetri, con fibbia in ottone spazzolato.",
      "Vegetable-tanned leather, 3.5 centimetres wide, with a brushed brass buckle.",
      { repriced: true }),
    p("Cintura sottile in nappa", "Skinny nappa belt", "nappa", 69, ["nero", "cipria", "bordeaux"],
      "Alta 2 centimetri, con una piccola fibbia in metallo dorato opaco.",
      "2 centimetres wide, with a small matt gold buckle.",
      { sizes: SIZES.beltLetter }),
    p("Cintura intrecciata in pelle", "Woven leather belt", "vitello", 119, ["tabacco", "cammello", "nero"],
      "Strisce di pelle intrecciate a mano, elastiche quanto basta per chiuderla in qualunque punto.",
      "Hand-braided leather strips with just enough give to fasten at any point.",
      { sizes: SIZES.beltLetter }),
    p("Cintura in camoscio", "Suede belt", "camoscio", 89, ["tabacco", "sabbia", "verde-bosco"],
      "Camoscio morbido alto 3 centimetri, con fibbia rettangolare brunita.",
      "Soft suede, 3 centimetres wide, with a burnished rectangular buckle."),
  ],
};

/* ------------------------------------------------------------------------------------------ */
/* Building the products                                                                      */
/* ------------------------------------------------------------------------------------------ */

/** createdDaysAgo for the new arrivals, in order of appearance. */
const NEW_ARRIVAL_DAYS = [0, 1, 2, 4, 5, 7, 8, 10, 12, 14];

function buildProducts(): SeedProduct[] {
  const rand = seededRandom(0x0b07e6a);
  const products: SeedProduct[] = [];
  let newIndex = 0;

  for (const [categoryKey, list] of Object.entries(specs)) {
    const garment = garmentByCategory[categoryKey];
    const wear = styling[categoryKey];
    list.forEach((spec, indexInCategory) => {
      const material: Material = materials[spec.material];
      const full = euro(spec.price);
      const globalIndex = products.length;

      // Publication date.
      let createdDaysAgo: number;
      if (spec.isNew) {
        createdDaysAgo = NEW_ARRIVAL_DAYS[newIndex % NEW_ARRIVAL_DAYS.length];
        newIndex += 1;
      } else if (spec.repriced) {
        createdDaysAgo = intBetween(rand, 110, 200);
      } else if (spec.sale) {
        createdDaysAgo = intBetween(rand, 45, 200);
      } else {
        createdDaysAgo = intBetween(rand, 15, 200);
      }

      // Price history, oldest first.
      let priceHistory: SeedPriceChange[];
      let compareAtCents: number | null = null;
      if (spec.sale) {
        const discount = [0.25, 0.3, 0.35][intBetween(rand, 0, 2)];
        const salePrice = roundEuro(full * (1 - discount));
        const flashPrice = roundEuro(full * (1 - discount - 0.1));
        priceHistory = [
          { daysAgo: createdDaysAgo, priceCents: full },
          { daysAgo: intBetween(rand, 20, 28), priceCents: flashPrice },
          { daysAgo: intBetween(rand, 12, 18), priceCents: full },
          { daysAgo: intBetween(rand, 1, 5), priceCents: salePrice },
        ];
        compareAtCents = full;
      } else if (spec.repriced) {
        // An ordinary list-price increase well outside the 30-day window.
        const previous = full - euro(spec.price >= 300 ? 30 : 10);
        priceHistory = [
          { daysAgo: createdDaysAgo, priceCents: previous },
          { daysAgo: intBetween(rand, 45, createdDaysAgo - 30), priceCents: full },
        ];
      } else {
        priceHistory = [{ daysAgo: createdDaysAgo, priceCents: full }];
      }

      // Stock for every colour × size.
      const sizes = spec.sizes ?? defaultSizes[categoryKey];
      const stock: Record<string, number> = {};
      for (const color of spec.colors) {
        for (const size of sizes) {
          const roll = rand();
          let units: number;
          if (roll < 0.05) units = 0;
          else if (roll < 0.13) units = intBetween(rand, 1, 2);
          else units = intBetween(rand, 3, 25);
          if (spec.soldOut || spec.soldOutColor === color) units = 0;
          stock[`${color}/${size}`] = units;
        }
      }

      // Text.
      const about = material.about[globalIndex % material.about.length];
      const styleLine = wear[indexInCategory % wear.length];
      const description: Localized = {
        it: `${spec.cut.it} ${about.it} ${styleLine.it}`,
        en: `${spec.cut.en} ${about.en} ${styleLine.en}`,
      };
      const slug: Localized = { it: slugify(spec.name.it), en: slugify(spec.name.en) };
      const catKw = categoryKeywords[categoryKey];

      const metaIt = `${spec.name.it} di Bottega: ${lowerFirst(spec.cut.it)}`;
      const metaEn = `${spec.name.en} by Bottega: ${lowerFirst(spec.cut.en)}`;
      const metaDescription: Localized = {
        it:
          metaIt.length < 160
            ? metaIt
            : `${spec.name.it} di Bottega in ${material.phrase.it}, disponibile in ${spec.colors.length} colori.`,
        en:
          metaEn.length < 160
            ? metaEn
            : `${spec.name.en} by Bottega in ${material.phrase.en}, available in ${spec.colors.length} colours.`,
      };

      products.push({
        key: slug.en,
        categoryKey,
        garment,
        manufacturerKey: manufacturerOf(garment),
        featuredRank: 0, // assigned below
        createdDaysAgo,
        name: spec.name,
        slug,
        description,
        composition: material.composition,
        care: material.care,
        colors: [...spec.colors],
        sizes: [...sizes],
        priceHistory,
        compareAtCents,
        stock,
        metaTitle: { it: `${spec.name.it} | Bottega`, en: `${spec.name.en} | Bottega` },
        metaDescription,
        keywords: {
          it: `${spec.name.it.toLowerCase()}, ${material.phrase.it}, ${catKw.it}, moda italiana, Bottega`,
          en: `${spec.name.en.toLowerCase()}, ${material.phrase.en}, ${catKw.en}, Italian fashion, Bottega`,
        },
      });
    });
  }

  // Featured order: a deterministic Fisher–Yates shuffle of the catalogue.
  const order = products.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  order.forEach((productIndex, rankIndex) => {
    products[productIndex].featuredRank = rankIndex + 1;
  });

  return products;
}

/* ------------------------------------------------------------------------------------------ */
/* Global settings (announcement bar)                                                         */
/* ------------------------------------------------------------------------------------------ */

const globalSettings: SeedCatalogue["globalSettings"] = {
  it: {
    messages: [
      "Spedizione gratuita da 250 €",
      "Resi entro 14 giorni lavorativi",
      "Nuova collezione Autunno-Inverno",
      "Paga con PayPal in 3 rate",
    ],
    links: ["/pages/Shipping", "/pages/Returns", "/categories/donna", null],
    background: "#1B1B1B",
    color: "#FAF8F5",
  },
  en: {
    messages: [
      "Free shipping from 250 €",
      "Returns within 14 working days",
      "New Autumn-Winter collection",
      "Pay with PayPal in 3 instalments",
    ],
    links: ["/en/pages/Shipping", "/en/pages/Returns", "/en/categories/women", null],
    background: "#1B1B1B",
    color: "#FAF8F5",
  },
};

export const catalogue: SeedCatalogue = {
  manufacturers,
  categories,
  colors,
  products: buildProducts(),
  globalSettings,
};
