/** Demo catalogue: real-sounding but invented brands and products. */
export const MARKETPLACE_APPS = [
  { ref: 'caskcrate', name: 'Cask & Crate' },
  { ref: 'giftedspirits', name: 'Gifted Spirits' },
  { ref: 'uncorked', name: 'Uncorked Market' },
  { ref: 'bottledrop', name: 'Bottle Drop' },
] as const;

export const CONTAINER_SIZES = [
  { value: 750, unit: 'ml', formatted: '750ml' },
  { value: 1, unit: 'l', formatted: '1L' },
  { value: 1.75, unit: 'l', formatted: '1.75L' },
  { value: 375, unit: 'ml', formatted: '375ml' },
  { value: 50, unit: 'ml', formatted: '50ml' },
  { value: 1.5, unit: 'l', formatted: '1.5L' },
] as const;

export const PRODUCT_BRANDS: {
  brand: string;
  lines: string[];
  kind: 'whiskey' | 'wine' | 'tequila' | 'gin' | 'vodka' | 'rum' | 'champagne';
}[] = [
  {
    brand: 'Old Harbor',
    lines: ['Small Batch Bourbon', 'Single Barrel Bourbon', 'Rye Whiskey', 'Cask Strength'],
    kind: 'whiskey',
  },
  {
    brand: 'Glen Avon',
    lines: ['12 Year Single Malt', '15 Year Sherry Cask', '18 Year Single Malt', 'Peated Reserve'],
    kind: 'whiskey',
  },
  {
    brand: 'Copper Fox Hollow',
    lines: ['Straight Bourbon', 'Wheated Bourbon', 'Bottled in Bond'],
    kind: 'whiskey',
  },
  {
    brand: 'Casa Serrano',
    lines: ['Blanco Tequila', 'Reposado Tequila', 'Añejo Tequila', 'Extra Añejo'],
    kind: 'tequila',
  },
  { brand: 'Agave Luna', lines: ['Cristalino', 'Mezcal Espadín', 'Blanco'], kind: 'tequila' },
  {
    brand: 'Château Belvaux',
    lines: ['Bordeaux Rouge', 'Saint-Émilion Grand Cru', 'Pessac-Léognan Blanc'],
    kind: 'wine',
  },
  {
    brand: 'Ridgeview Cellars',
    lines: ['Napa Cabernet Sauvignon', 'Sonoma Chardonnay', 'Pinot Noir Reserve', 'Zinfandel'],
    kind: 'wine',
  },
  {
    brand: 'Villa Roscano',
    lines: ['Chianti Classico', 'Brunello di Montalcino', 'Prosecco Superiore'],
    kind: 'wine',
  },
  {
    brand: 'Maison Duclair',
    lines: ['Brut Champagne', 'Rosé Champagne', 'Blanc de Blancs', 'Vintage Brut'],
    kind: 'champagne',
  },
  {
    brand: 'North Shore Botanicals',
    lines: ['London Dry Gin', 'Navy Strength Gin', 'Pink Gin'],
    kind: 'gin',
  },
  { brand: 'Polar Birch', lines: ['Vodka', 'Citrus Vodka', 'Reserve Vodka'], kind: 'vodka' },
  { brand: 'Isla Dorada', lines: ['Aged Rum 8 Year', 'Spiced Rum', 'Overproof Rum', 'Rum XO'], kind: 'rum' },
  { brand: 'Kinross & Co', lines: ['Blended Scotch', 'Blended Malt', 'Royal Reserve 21'], kind: 'whiskey' },
  { brand: 'Hanami', lines: ['Japanese Whisky', 'Pure Malt', 'Harmony Blend'], kind: 'whiskey' },
  { brand: 'Sierra Vista', lines: ['Malbec', 'Cabernet Franc', 'Torrontés'], kind: 'wine' },
  { brand: 'Dune Road', lines: ['Sauvignon Blanc', 'Rosé', 'Riesling'], kind: 'wine' },
];

export const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'Lucas',
  'Mia',
  'Mateo',
  'Amelia',
  'Benjamin',
  'Harper',
  'Henry',
  'Evelyn',
  'Theodore',
  'Camila',
  'Jackson',
  'Priya',
  'Wei',
  'Fatima',
  'Diego',
  'Aisha',
  'Hiroshi',
  'Chloé',
  'Sean',
  "D'Andre",
  'Zoë',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Patel',
  'Nguyen',
  "O'Brien",
  'Kowalski',
  'Schmidt',
  'Rossi',
  'Kim',
  'Chen',
  'Okafor',
];
export const STREETS = [
  'Main St',
  'Oak Ave',
  'Maple Dr',
  'Park Ave',
  'Broadway',
  'Elm St',
  'Washington Blvd',
  'Lake Shore Dr',
  'Pine St',
  'Cedar Ln',
  'Hudson St',
  'Bleecker St',
  'Atlantic Ave',
  'Court St',
  'Greenwich Ave',
];
export const CITIES = [
  { city: 'New York', state: 'NY', zip: '10014' },
  { city: 'Brooklyn', state: 'NY', zip: '11201' },
  { city: 'Hoboken', state: 'NJ', zip: '07030' },
  { city: 'Jersey City', state: 'NJ', zip: '07302' },
  { city: 'Stamford', state: 'CT', zip: '06901' },
  { city: 'Boston', state: 'MA', zip: '02116' },
  { city: 'Philadelphia', state: 'PA', zip: '19103' },
  { city: 'Chicago', state: 'IL', zip: '60611' },
  { city: 'Austin', state: 'TX', zip: '78701' },
  { city: 'Denver', state: 'CO', zip: '80202' },
];
export const GIFT_MESSAGES = [
  'Happy birthday! Cheers to another great year.',
  'Congratulations on the new job — so proud of you!',
  'Thank you for everything. Enjoy!',
  'Happy anniversary, love you both.',
  'Merry Christmas from all of us at the office!',
  'Welcome to the neighbourhood!',
  'Happy retirement — you earned it.',
];
export const ENGRAVINGS = [
  'Happy 40th, Dad',
  'J & M · 06.14.2025',
  'Best Man',
  'Cheers to 10 Years',
  'Class of 2026',
];
export const PROMO_CODES = ['WELCOME10', 'HOLIDAY15', 'FREESHIP', 'SPRING20'];
export const INSTRUCTIONS = [
  'Leave with the doorman.',
  'Ring buzzer 4B.',
  'Call on arrival, gate code 1234.',
  '',
  '',
  'Side entrance, please.',
];
