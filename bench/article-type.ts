import { seededRandom } from '@cms/testkit'
/** The website's locales: French falls back to English field by field. */
export const BENCH_LOCALES = {
  locales: [
    { code: 'en', default: true },
    { code: 'fr', fallback: 'en' },
  ],
}

/** The types articles relate to: a byline's person, and topics. */
export const PERSON_TYPE = {
  name: 'person',
  titleField: 'name',
  fields: [{ name: 'name', type: 'text', required: true }],
} as const
export const TOPIC_TYPE = {
  name: 'topic',
  titleField: 'label',
  fields: [{ name: 'label', type: 'text', required: true }],
} as const

/** The benchmark's content type: a blog article with every kind of field a site lists by. */
export const ARTICLE_TYPE = {
  name: 'article',
  label: 'Article',
  slugField: 'title',
  titleField: 'title',
  // Localized (en, fr -> en), so the bench compares a list in French with the plain list.
  localized: true,
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'body', type: 'richText' },
    { name: 'tags', type: 'tags' },
    { name: 'views', type: 'integer' },
    {
      name: 'category',
      type: 'select',
      options: ['news', 'guide', 'review', 'opinion', 'release'],
    },
    { name: 'date', type: 'date' },
    { name: 'author', type: 'relation', target: 'person' },
    { name: 'topics', type: 'relation', target: 'topic', many: true },
  ],
} as const

export const CATEGORIES = ARTICLE_TYPE.fields[4].options

const WORDS = [
  'garden',
  'winter',
  'coffee',
  'river',
  'mountain',
  'city',
  'design',
  'kitchen',
  'travel',
  'music',
  'history',
  'science',
  'market',
  'energy',
  'ocean',
  'forest',
  'school',
  'studio',
  'harbor',
  'bridge',
  'station',
  'island',
  'valley',
  'festival',
  'library',
  'workshop',
  'bakery',
  'cycling',
  'camera',
  'theater',
  'planet',
  'harvest',
  'journey',
  'lantern',
  'meadow',
  'orchard',
  'pottery',
  'quartz',
  'railway',
  'sunrise',
  'timber',
  'umbrella',
  'village',
  'weather',
  'yellow',
  'zephyr',
  'amber',
  'breeze',
  'canyon',
  'desert',
  'ember',
  'fjord',
  'glacier',
  'horizon',
  'indigo',
  'jungle',
  'kettle',
  'lagoon',
  'marble',
  'nectar',
]
const TAGS = ['how-to', 'opinion', 'release', 'guide', 'deep-dive', 'news', 'video', 'interview']

/** A seeded generator, so every run seeds the same documents. */
export const createRandom = seededRandom

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!

function sentence(random: () => number, words: number): string {
  const chosen = Array.from({ length: words }, () => pick(random, WORDS))
  const text = chosen.join(' ')
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`
}

const paragraph = (random: () => number) => ({
  type: 'paragraph',
  content: [
    {
      type: 'text',
      text: Array.from({ length: 4 }, () => sentence(random, 6 + Math.floor(random() * 7))).join(
        ' ',
      ),
    },
  ],
})

export interface ArticleData {
  title: string
  body: { type: string; content: unknown[] }
  tags: string[]
  views: number
  category: string
  date: string
  author?: string
  topics?: string[]
}

/** Published people and topics the seeded articles point at. */
export interface RelatedDocuments {
  people: readonly string[]
  topics: readonly string[]
}

/** The `n`th article: a 3-6 word title, two paragraphs (~1 KB a document), tags, views, category, date. */
export function articleData(
  n: number,
  random: () => number,
  related?: RelatedDocuments,
): ArticleData {
  const titleWords = 3 + Math.floor(random() * 4)
  const title = `${sentence(random, titleWords).slice(0, -1)} ${n}`
  const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 730) * 86_400_000)
  return {
    title,
    body: { type: 'doc', content: [paragraph(random), paragraph(random)] },
    tags: [pick(random, TAGS), pick(random, TAGS)].filter((tag, i, all) => all.indexOf(tag) === i),
    views: Math.floor(random() * 10_000),
    category: pick(random, CATEGORIES),
    date: day.toISOString().slice(0, 10),
    ...(related && {
      author: pick(random, related.people),
      topics: [pick(random, related.topics), pick(random, related.topics)].filter(
        (topic, i, all) => all.indexOf(topic) === i,
      ),
    }),
  }
}
