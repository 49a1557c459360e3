/**
 * Grocery product tiles written the way real stores write them (metro.ca's
 * product tile classes, a table row, a French tile): regular price before
 * the sale price, `avg. ea.` weighted items, per-unit prices, multi-buy
 * deals, struck prices, prices drawn in pieces, sponsored tiles. Used by
 * the price tests (rendered in Chromium) and by the fixture stores.
 */

export interface TileCase {
  readonly label: string
  readonly html: string
  /** One item's price, in cents. */
  readonly unitCents: number
  readonly regularCents?: number
  readonly multiBuy?: { readonly count: number; readonly cents: number }
  readonly estimated?: boolean
}

export const metroSaleTile = `<div class="default-product-tile tile-product" data-product-code="068700011011">
  <div class="content__head">
    <a class="product-details-link" href="/en/online-grocery/aisles/dairy-eggs/milk/p/068700011011">
      <div class="head__title">Lactantia 2% Milk</div>
    </a>
    <span class="head__unit-details">2 L</span>
  </div>
  <div class="content__pricing">
    <div class="pricing__before-price"><span>$6.49</span></div>
    <div class="pricing__sale-price promo-price"><span class="price-update">$5.49</span></div>
    <div class="pricing__secondary-price"><span>$0.27 /100 ml</span></div>
    <div class="pricing__until-date">Valid until Nov 26</div>
  </div>
  <button class="addToCartButton" aria-label="Add to cart Lactantia 2% Milk">Add</button>
</div>`

export const tileCases: ReadonlyArray<TileCase> = [
  { label: "metro.ca sale tile: regular price first, sale after, per-100 ml price", html: metroSaleTile, unitCents: 549, regularCents: 649 },
  {
    label: "weighted item: avg. ea. beside per-kg and per-lb prices",
    html: `<article class="tile"><a href="/p/beef-lean"><h3>Lean Ground Beef</h3></a>
      <div class="pricing__secondary-price"><span>$24.23 /kg</span> <span>$10.99 /lb</span></div>
      <div class="pricing__sale-price"><span class="price-update">$11.02</span> <abbr title="average each">avg. ea.</abbr></div></article>`,
    unitCents: 1102,
    estimated: true
  },
  {
    label: "multi-buy with a single price: 2 / $7.00 or $3.99 ea.",
    html: `<div class="tile"><a href="/p/bread"><span class="name">Bon Matin White Bread</span></a> <span>675 g</span>
      <div class="pricing__sale-price"><span>2</span> / <span>$7.00</span></div><div>or $3.99 ea.</div>
      <div class="pricing__secondary-price">$0.59 /100 g</div></div>`,
    unitCents: 399,
    multiBuy: { count: 2, cents: 700 }
  },
  {
    label: "multi-buy: 3 / $10.98 or $3.66 ea.",
    html: `<li class="product"><a href="/p/yogurt">Greek Yogurt Plain 750 g</a><p class="deal">3 / $10.98 or $3.66 ea.</p><p class="unit">$0.49 /100 g</p></li>`,
    unitCents: 366,
    multiBuy: { count: 3, cents: 1098 }
  },
  {
    label: "multi-buy alone: 2 for $5",
    html: `<li class="product"><a href="/p/soup">Tomato Soup 284 ml</a><span class="badge">2 for $5</span><span class="unit">$0.88 /100 ml</span></li>`,
    unitCents: 250,
    multiBuy: { count: 2, cents: 500 }
  },
  {
    label: "struck regular price after the sale price",
    html: `<div class="tile"><a href="/p/butter">Salted Butter 454 g</a><span class="now">$5.99</span> <del>$7.49</del></div>`,
    unitCents: 599,
    regularCents: 749
  },
  {
    label: "labelled regular price and savings",
    html: `<div class="tile"><a href="/p/coffee">Ground Coffee 930 g</a><p>Reg. $15.99</p><p class="save">Save $4.00</p><p class="price">$11.99</p></div>`,
    unitCents: 1199,
    regularCents: 1599
  },
  {
    label: "French: 3,99 $ and 0,59 $ /100 g, regular price labelled",
    html: `<div class="tile" lang="fr"><a href="/fr/p/pain"><h3>Pain blanc Bon Matin</h3></a><div>Prix régulier 4,49 $</div><div class="price">3,99 $</div><div>0,59 $ /100 g</div></div>`,
    unitCents: 399,
    regularCents: 449
  },
  {
    label: "French multi-buy and weighted: 2 / 7,00 $ ou 3,99 $ ch.; 11,02 $ moy. ch.",
    html: `<div class="tile" lang="fr"><a href="/fr/p/fromage">Fromage cheddar</a><div>2 / 7,00 $</div><div>ou 3,99 $ ch.</div><div>1,10 $ / 100 g</div></div>`,
    unitCents: 399,
    multiBuy: { count: 2, cents: 700 }
  },
  {
    label: "price drawn in pieces: <sup>$</sup>5<sup>49</sup>",
    html: `<div class="tile"><a href="/p/eggs">Large White Eggs, 12</a><div class="price"><sup>$</sup><span>4</span><sup>29</sup></div></div>`,
    unitCents: 429
  }
]
