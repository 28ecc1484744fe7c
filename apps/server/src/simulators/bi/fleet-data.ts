/**
 * The BI simulator's fleet: six vehicles over the last fourteen days, with trips, distance, fuel and
 * alerts per vehicle and day. Deterministic (a seeded generator), so pages and tests see the same
 * numbers on every start.
 */

export const VEHICLES = ['CT-101', 'CT-102', 'CT-205', 'DBN-310', 'JHB-412', 'JHB-415'] as const;
export const DAYS = 14;
export type Metric = 'trips' | 'distance' | 'fuel' | 'alerts';

export const METRICS: Record<Metric, { label: string; unit: string }> = {
  trips: { label: 'Trips', unit: 'trips' },
  distance: { label: 'Distance', unit: 'km' },
  fuel: { label: 'Fuel', unit: 'L' },
  alerts: { label: 'Alerts', unit: 'alerts' },
};

export type DayRecord = { day: number; vehicle: string } & Record<Metric, number>;

/** mulberry32: a tiny seeded generator, good enough for demo numbers. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildRecords(): DayRecord[] {
  const random = generator(2024);
  const records: DayRecord[] = [];
  for (let day = 0; day < DAYS; day++) {
    const weekend = day % 7 >= 5;
    VEHICLES.forEach((vehicle, v) => {
      const trips = Math.round((weekend ? 3 : 8) + random() * 6 + (v % 3));
      const distance = Math.round(trips * (28 + random() * 22));
      const fuel = Math.round(distance * (0.09 + v * 0.008 + random() * 0.02));
      const alerts = Math.round(random() * (v === 4 ? 6 : 3));
      records.push({ day, vehicle, trips, distance, fuel, alerts });
    });
  }
  return records;
}

export const FLEET_RECORDS: readonly DayRecord[] = buildRecords();

/** Totals per day (fleet-wide). */
export const perDay = (metric: Metric) =>
  Array.from({ length: DAYS }, (_, day) =>
    FLEET_RECORDS.filter((r) => r.day === day).reduce((sum, r) => sum + r[metric], 0),
  );

/** Totals per vehicle over the whole period. */
export const perVehicle = (metric: Metric) =>
  VEHICLES.map((vehicle) => ({
    label: vehicle,
    value: FLEET_RECORDS.filter((r) => r.vehicle === vehicle).reduce((sum, r) => sum + r[metric], 0),
  }));

export const total = (metric: Metric) => FLEET_RECORDS.reduce((sum, r) => sum + r[metric], 0);

/** "Nov 11" for day `day` of the period that ends `end`. */
export function dayLabel(day: number, end: Date): string {
  const date = new Date(end.getTime() - (DAYS - 1 - day) * 86_400_000);
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
