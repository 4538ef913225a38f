/**
 * Real metropolitan areas where institutional investors sit, with their real countries. The
 * list order is the sort order: grouped by region (Americas, Europe & Middle East,
 * Asia-Pacific), and within a region the larger financial centres first.
 */

import type { SeedRow } from '../db/schema.ts';
import { addDays, businessInstant, instantBetween, startOfUtcDay } from './dates.ts';
import { Random } from './random.ts';

export interface Metro {
  readonly name: string;
  readonly country: string;
  /** The city as it appears in a billing address. */
  readonly city: string;
  /** International dialling prefix with the area code, for plausible phone numbers. */
  readonly dial: string;
}

function metro(name: string, country: string, city: string, dial: string): Metro {
  return { name, country, city, dial };
}

export const METROS: readonly Metro[] = [
  metro('New York–Newark', 'United States', 'New York', '+1 212'),
  metro('Boston–Cambridge', 'United States', 'Boston', '+1 617'),
  metro('Chicago–Naperville', 'United States', 'Chicago', '+1 312'),
  metro('San Francisco–Oakland', 'United States', 'San Francisco', '+1 415'),
  metro('Los Angeles–Long Beach', 'United States', 'Los Angeles', '+1 213'),
  metro('Greenwich–Stamford', 'United States', 'Stamford', '+1 203'),
  metro('Philadelphia–Camden', 'United States', 'Philadelphia', '+1 215'),
  metro('Washington–Arlington', 'United States', 'Washington', '+1 202'),
  metro('Dallas–Fort Worth', 'United States', 'Dallas', '+1 214'),
  metro('Houston–The Woodlands', 'United States', 'Houston', '+1 713'),
  metro('Denver–Aurora', 'United States', 'Denver', '+1 303'),
  metro('Minneapolis–St. Paul', 'United States', 'Minneapolis', '+1 612'),
  metro('Atlanta–Sandy Springs', 'United States', 'Atlanta', '+1 404'),
  metro('Miami–Fort Lauderdale', 'United States', 'Miami', '+1 305'),
  metro('Seattle–Tacoma', 'United States', 'Seattle', '+1 206'),
  metro('Charlotte–Concord', 'United States', 'Charlotte', '+1 704'),
  metro('Omaha–Council Bluffs', 'United States', 'Omaha', '+1 402'),
  metro('Toronto', 'Canada', 'Toronto', '+1 416'),
  metro('Montréal', 'Canada', 'Montréal', '+1 514'),
  metro('Vancouver', 'Canada', 'Vancouver', '+1 604'),
  metro('São Paulo', 'Brazil', 'São Paulo', '+55 11'),
  metro('Rio de Janeiro', 'Brazil', 'Rio de Janeiro', '+55 21'),
  metro('Mexico City', 'Mexico', 'Mexico City', '+52 55'),
  metro('Santiago', 'Chile', 'Santiago', '+56 2'),
  metro('Bogotá', 'Colombia', 'Bogotá', '+57 601'),
  metro('London', 'United Kingdom', 'London', '+44 20'),
  metro('Edinburgh', 'United Kingdom', 'Edinburgh', '+44 131'),
  metro('Paris', 'France', 'Paris', '+33 1'),
  metro('Frankfurt Rhine-Main', 'Germany', 'Frankfurt am Main', '+49 69'),
  metro('Munich', 'Germany', 'Munich', '+49 89'),
  metro('Zürich', 'Switzerland', 'Zürich', '+41 44'),
  metro('Geneva', 'Switzerland', 'Geneva', '+41 22'),
  metro('Amsterdam', 'Netherlands', 'Amsterdam', '+31 20'),
  metro('Luxembourg', 'Luxembourg', 'Luxembourg', '+352 2'),
  metro('Dublin', 'Ireland', 'Dublin', '+353 1'),
  metro('Milan', 'Italy', 'Milan', '+39 02'),
  metro('Madrid', 'Spain', 'Madrid', '+34 91'),
  metro('Stockholm', 'Sweden', 'Stockholm', '+46 8'),
  metro('Copenhagen', 'Denmark', 'Copenhagen', '+45 3'),
  metro('Oslo', 'Norway', 'Oslo', '+47 22'),
  metro('Helsinki', 'Finland', 'Helsinki', '+358 9'),
  metro('Brussels', 'Belgium', 'Brussels', '+32 2'),
  metro('Vienna', 'Austria', 'Vienna', '+43 1'),
  metro('Warsaw', 'Poland', 'Warsaw', '+48 22'),
  metro('Dubai', 'United Arab Emirates', 'Dubai', '+971 4'),
  metro('Abu Dhabi', 'United Arab Emirates', 'Abu Dhabi', '+971 2'),
  metro('Riyadh', 'Saudi Arabia', 'Riyadh', '+966 11'),
  metro('Doha', 'Qatar', 'Doha', '+974 4'),
  metro('Tel Aviv', 'Israel', 'Tel Aviv', '+972 3'),
  metro('Johannesburg', 'South Africa', 'Johannesburg', '+27 11'),
  metro('Tokyo', 'Japan', 'Tokyo', '+81 3'),
  metro('Osaka', 'Japan', 'Osaka', '+81 6'),
  metro('Hong Kong', 'Hong Kong', 'Hong Kong', '+852 2'),
  metro('Singapore', 'Singapore', 'Singapore', '+65 6'),
  metro('Shanghai', 'China', 'Shanghai', '+86 21'),
  metro('Beijing', 'China', 'Beijing', '+86 10'),
  metro('Seoul', 'South Korea', 'Seoul', '+82 2'),
  metro('Taipei', 'Taiwan', 'Taipei', '+886 2'),
  metro('Mumbai', 'India', 'Mumbai', '+91 22'),
  metro('Sydney', 'Australia', 'Sydney', '+61 2'),
  metro('Melbourne', 'Australia', 'Melbourne', '+61 3'),
  metro('Auckland', 'New Zealand', 'Auckland', '+64 9'),
];

/**
 * Where accounts and contacts are placed: North America and London dominate institutional
 * asset management, so they carry most of the weight.
 */
export function metroWeight(index: number): number {
  if (index < 6) return 12;
  if (index === 25) return 14;
  if (index < 20) return 4;
  if (index < 31) return 3;
  return 1.5;
}

/** The day (days before today) the initial list was bulk-loaded into the CRM. */
const BULK_LOAD_DAYS_AGO = 1_100;
/** How many metros were added after the bulk load, and how many of those in the last 30 days. */
const LATER_ADDITIONS = 9;
const RECENT_ADDITIONS = 4;

/**
 * Yields the metro areas. Most were bulk-loaded on one day about three years ago, seconds
 * apart; a few were added later, some within the last 30 days.
 */
export function* metroAreaRows(seed: number, today: Date): Generator<SeedRow> {
  const random = Random.derive(seed, 'metro_area__c');
  const day = startOfUtcDay(today);
  // The large financial centres were in the first load; later additions are smaller places.
  const later = random.sample(
    METROS.map((_, index) => index).filter((index) => metroWeight(index) < 4),
    LATER_ADDITIONS,
  );
  let bulkClock = businessInstant(random, addDays(day, -BULK_LOAD_DAYS_AGO), today);
  for (const [index, metro] of METROS.entries()) {
    const rank = later.indexOf(index);
    let created: Date;
    if (rank < 0) {
      bulkClock = new Date(bulkClock.getTime() + random.int(1, 3) * 1000);
      created = bulkClock;
    } else if (rank < RECENT_ADDITIONS) {
      created = instantBetween(random, addDays(day, -29), today);
    } else {
      created = instantBetween(random, addDays(day, -BULK_LOAD_DAYS_AGO + 30), addDays(day, -45));
    }
    yield {
      name: metro.name,
      country__c: metro.country,
      sort_order__c: (index + 1) * 10,
      createddate: created,
    };
  }
}
