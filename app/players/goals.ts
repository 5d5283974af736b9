/**
 * The demo redeem goals (loaded into redeem_goal by seedRedeemGoals): SPEC.md's sample costs (900,
 * 1,600, 1,300, 1,500) and cheaper ones a young player reaches within a few weeks of play.
 */
export const GOAL_SEEDS = [
  {
    slug: "sticker-pack",
    cost: 100,
    name: { "en-CA": "Sticker pack", "fr-CA": "Paquet d’autocollants" },
  },
  {
    slug: "colouring-book",
    cost: 250,
    name: { "en-CA": "Colouring book and pencils", "fr-CA": "Cahier à colorier et crayons" },
  },
  { slug: "jigsaw-puzzle", cost: 400, name: { "en-CA": "Jigsaw puzzle", "fr-CA": "Casse-tête" } },
  {
    slug: "card-game",
    cost: 600,
    name: { "en-CA": "Family card game", "fr-CA": "Jeu de cartes familial" },
  },
  {
    slug: "book",
    cost: 900,
    name: { "en-CA": "A book of your choice", "fr-CA": "Un livre de ton choix" },
  },
  {
    slug: "science-kit",
    cost: 1300,
    name: { "en-CA": "Science experiment kit", "fr-CA": "Trousse d’expériences scientifiques" },
  },
  {
    slug: "art-set",
    cost: 1500,
    name: { "en-CA": "Painting set", "fr-CA": "Ensemble de peinture" },
  },
  {
    slug: "telescope",
    cost: 1600,
    name: { "en-CA": "Beginner’s telescope", "fr-CA": "Télescope pour débutants" },
  },
].map((goal) => ({ ...goal, image: `/images/redeem/${goal.slug}.svg` }));
