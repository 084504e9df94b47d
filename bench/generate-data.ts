/**
 * Benchmark data: 100k cars and 1M bookings (by default) on top of the demo catalogue, generated in SQL.
 * Usage: npm run bench:data                       (embedded PGlite in ./data/bench-pglite)
 *        DATABASE_URL=postgres://… npm run bench:data
 *        BENCH_CARS=20000 BENCH_BOOKINGS_PER_CAR=10 npm run bench:data
 *        BENCH_PLACES=0 npm run bench:data        (dense worst case: every car at the 23 demo places)
 * Bookings kept are invoiced (decision 049's documents and their day totals); some paid online have payments.
 * By default the cars are spread over BENCH_PLACES (1,500) generated places in the demo countries, about 130 cars
 * per place — the density of a large real network (a quarter of a million cars over a few thousand branches).
 * Re-running replaces the previously generated rows; the demo catalogue is kept.
 */
import { sql } from "drizzle-orm";
import { openDatabase } from "~/utils/db.server";
import { recountStaleDayFigures } from "~/models/overview/day-figures.server";
import { seedDemoData } from "#db/seed";

const cars = Number(process.env.BENCH_CARS ?? 100_000);
const bookingsPerCar = Number(process.env.BENCH_BOOKINGS_PER_CAR ?? 10);
const benchPlaces = Number(process.env.BENCH_PLACES ?? 1_500);
const chunk = 20_000;

const handle = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  pgliteDir: process.env.BENCH_PGLITE_DIR ?? "./data/bench-pglite",
});
const { db } = handle;
const started = performance.now();
const step = (label: string) => console.log(`${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

await handle.migrate();
await seedDemoData(db);
step(`${handle.engine}: migrated and seeded the demo catalogue`);

await db.execute(sql`delete from business_documents where booking_id in
  (select b.id from bookings b join cars c on c.id = b.car_id where c.license_plate like 'BENCH-%')`);
await db.execute(sql`delete from payments where attempt_id like 'bench-%'`);
await db.execute(sql`delete from bookings where car_id in (select id from cars where license_plate like 'BENCH-%')`);
await db.execute(sql`delete from cars where license_plate like 'BENCH-%'`);
await db.execute(sql`delete from locations where slug like 'bench-place-%'`);
step("removed earlier benchmark rows");

if (benchPlaces > 0) {
  // Each generated place sits near a demo place of the same country and shares its time zone.
  await db.execute(sql`
    with demo as (select array_agg(id order by slug) as ids from locations)
    insert into locations (slug, country_id, name_en, name_fr, name_es, latitude, longitude, time_zone)
    select 'bench-place-' || i, l.country_id, 'Bench place ' || i, 'Lieu de test ' || i, 'Lugar de prueba ' || i,
      l.latitude + ((i * 37) % 200 - 100) / 1000.0, l.longitude + ((i * 53) % 200 - 100) / 1000.0, l.time_zone
    from demo, generate_series(1, ${benchPlaces}::int) as i, locations l
    where l.id = demo.ids[1 + i % array_length(demo.ids, 1)]`);
  step(`${benchPlaces.toLocaleString("en")} generated places`);
}
const placePattern = benchPlaces > 0 ? "bench-place-%" : "%";

for (let from = 1; from <= cars; from += chunk) {
  const to = Math.min(cars, from + chunk - 1);
  // Values vary with i so filters and sorts see realistic spreads; the suppliers are the demo ones.
  await db.execute(sql`
    with suppliers as (select array_agg(supplier_id order by slug) as ids from supplier_settings)
    insert into cars (supplier_id, name, license_plate, minimum_age, daily_price, discounted_daily_price,
      bi_weekly_price, weekly_price, monthly_price, deposit, damage_excess, theft_excess, available, fully_booked, coming_soon, range, fuel_type,
      gearbox, aircon, seats, doors, fuel_policy, mileage, cancellation, amendments, theft_protection,
      collision_damage_waiver, full_insurance, additional_driver, multimedia, rating, trips, image, hourly_price)
    select ids[1 + i % array_length(ids, 1)], 'Bench car ' || i, 'BENCH-' || i, 21 + (i % 5),
      2000 + (i * 37) % 15000, case when i % 4 = 1 then (2000 + (i * 37) % 15000) * 85 / 100 end,
      (2000 + (i * 37) % 15000) * 285 / 100, (2000 + (i * 37) % 15000) * 6, (2000 + (i * 37) % 15000) * 21,
      (i * 53) % 1000 * 100, (i * 53) % 1000 * 300 * (i % 10 <> 6)::int, (i * 53) % 1000 * 400 * (i % 10 <> 6)::int,
      i % 40 <> 7, i % 40 = 13, i % 40 = 21,
      (array['mini','midi','maxi','scooter','bus','truck','caravan'])[1 + i % 7],
      (array['diesel','gasoline','electric','hybrid','plugInHybrid','unknown'])[1 + i % 6],
      (array['manual','automatic'])[1 + i % 2], i % 11 <> 5, (array[2,4,5,7,9])[1 + i % 5], (array[2,3,4,5])[1 + i % 4],
      (array['freeTank','likeForLike','fullToFull','fullToEmpty'])[1 + i % 4], (array[-1,200,300])[1 + i % 3],
      (array[-1,0,1500])[1 + i % 3], (array[0,-1,1000])[1 + i % 3], (array[600,-1,0])[1 + i % 3],
      (array[1200,0,-1])[1 + i % 3], (array[2000,-1,0])[1 + i % 3], (array[500,0,-1])[1 + i % 3],
      case i % 4 when 0 then array[]::text[] when 1 then array['bluetooth'] when 2 then array['touchscreen','bluetooth']
        else array['touchscreen','bluetooth','androidAuto','appleCarPlay'] end,
      1 + (i % 41) / 10.0, i % 300, '/images/cars/mini-red.svg',
      -- As the demo: every third mini, midi or scooter also rents by the hour, at a fifth of its day (decision 037).
      case when i % 7 in (0, 1, 3) and i % 3 = 0 then (2000 + (i * 37) % 15000) / 5 end
    from suppliers, generate_series(${from}::int, ${to}::int) as i`);
  await db.execute(sql`
    with places as (select array_agg(id order by slug) as ids from locations where slug like ${placePattern})
    insert into car_locations (car_id, location_id)
    select c.id, places.ids[1 + (substr(c.license_plate, 7)::int + k * 7) % array_length(places.ids, 1)]
    from cars c, places, generate_series(0, 1) as k
    where c.license_plate like 'BENCH-%' and substr(c.license_plate, 7)::int between ${from} and ${to}
    on conflict do nothing`);
  step(`cars ${to.toLocaleString("en")} / ${cars.toLocaleString("en")}`);
}

const carBatch = Math.max(1, Math.floor(chunk / bookingsPerCar));
for (let from = 1; from <= cars; from += carBatch) {
  const to = Math.min(cars, from + carBatch - 1);
  // Booking k of a car starts 10k days after tomorrow 10:00 UTC and lasts 1..7 days, so they never overlap and
  // searches over the next hundred days (bench/search-query.ts, bench/load.ts) meet them.
  await db.execute(sql`
    with driver as (select id from users where email = 'driver@rentacar.example')
    insert into bookings (supplier_id, car_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at,
      status, payment_mode, days, base_price, extras_price, markup, total_price, deposit, amount_due, expires_at)
    select c.supplier_id, c.id, driver.id, cl.location_id, cl.location_id,
      date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '1 day 10 hours' + (k * 10) * interval '1 day',
      date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' + interval '1 day 10 hours' + (k * 10 + 1 + (n + k) % 7) * interval '1 day',
      (array['pending','deposit','paid','reserved','cancelled'])[1 + (n + k) % 5], 'payLater',
      1 + (n + k) % 7, c.daily_price * (1 + (n + k) % 7), 0, 0, c.daily_price * (1 + (n + k) % 7), c.deposit, 0, null
    from driver,
      (select id, supplier_id, daily_price, deposit, substr(license_plate, 7)::int as n from cars
        where license_plate like 'BENCH-%' and substr(license_plate, 7)::int between ${from} and ${to}) c
      cross join lateral (select location_id from car_locations where car_id = c.id limit 1) cl,
      generate_series(0, ${bookingsPerCar - 1}) as k`);
  if (to % (carBatch * 10) === 0 || to === cars) step(`bookings for ${to.toLocaleString("en")} cars`);
}

// Reviews (decision 034): one booking in five reviewed, nine in ten of them published, so the results' averages and
// the best-reviewed order read a realistic spread (each bench place holds thousands of published reviews).
await db.execute(sql`
  insert into reviews (booking_id, supplier_id, location_id, driver_id, author_name, staff_mark, condition_mark,
    value_mark, queue_mark, text, language, status, created_at)
  select b.id, b.supplier_id, b.pickup_location_id, b.driver_id, 'Bench', 1 + (h % 10), 1 + (h / 10 % 10),
    1 + (h / 100 % 10), 1 + (h / 1000 % 10), '', 'en', case when h / 7 % 10 = 0 then 'pending' else 'published' end, b.starts_at
  from (select id, supplier_id, pickup_location_id, driver_id, starts_at, abs(hashtext(id::text)) as h from bookings
    where car_id in (select id from cars where license_plate like 'BENCH-%')) b
  where b.h % 5 = 0
  on conflict do nothing`);
step("reviews");

// Payments (decision 046's report of money moved): each booking paid online or by deposit has a payment, captured five
// days before its pick-up by one of the gateways; one in ten was later half refunded.
await db.execute(sql`
  with paid as (
    select b.id as booking_id, b.total_price, b.starts_at, abs(hashtext(b.id::text)) as h from bookings b
    where b.car_id in (select id from cars where license_plate like 'BENCH-%') and b.status in ('paid', 'deposit')),
  inserted as (
    insert into payments (booking_id, gateway, attempt_id, "references", amount, currency, status, captured_amount,
      captured_currency, refunded_amount, created_at)
    select booking_id, (array['stripe','payPal','sandbox'])[1 + h % 3], 'bench-' || booking_id, jsonb_build_object(
      'paymentIntent', 'pi_bench_' || h), total_price, 'USD', 'captured', total_price, 'USD',
      case when h % 10 = 0 then total_price / 2 end, starts_at - interval '5 days'
    from paid
    returning id, amount, refunded_amount, created_at)
  insert into payment_events (payment_id, status, detail, at)
  select id, 'captured', jsonb_build_object('amount', amount, 'currency', 'USD'), created_at from inserted
  union all
  select id, 'captured', jsonb_build_object('refundId', 're_bench_' || id, 'amount', refunded_amount, 'partial', 1),
    created_at + interval '2 days'
  from inserted where refunded_amount is not null`);
step("payments");

// Documents (decision 049): every kept booking invoiced on its pick-up day, numbered per supplier after the demo's
// own, then the counters and the day totals (derived rows) made again from the documents.
await db.execute(sql`
  with sold as (
    select b.id, b.supplier_id, b.pickup_location_id, b.starts_at, b.ends_at, b.days, b.total_price, b.tax_amount,
      row_number() over (partition by b.supplier_id order by b.starts_at, b.id) as n
    from bookings b join cars c on c.id = b.car_id
    where c.license_plate like 'BENCH-%' and b.status <> 'cancelled'),
  last as (select supplier_id, max(number) as last from business_documents where series = 'invoice' group by 1)
  insert into business_documents (supplier_id, booking_id, place_id, series, number, issued_at, amount, currency,
    language, content)
  select s.supplier_id, s.id, s.pickup_location_id, 'invoice', coalesce(l.last, 0) + s.n, s.starts_at, s.total_price,
    'USD', 'en', jsonb_build_object(
      'reference', upper(left(s.id::text, 8)),
      'seller', jsonb_build_object('name', 'Bench supplier', 'address', null, 'taxId', 'BENCH'),
      'buyer', jsonb_build_object('fullName', 'Driver ' || left(s.id::text, 6), 'email', 'bench@example.com',
        'phone', null),
      'car', 'Bench car',
      'pickup', jsonb_build_object('names', jsonb_build_object('en', 'Bench', 'fr', 'Bench', 'es', 'Bench'),
        'local', to_char(s.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')),
      'dropoff', jsonb_build_object('names', jsonb_build_object('en', 'Bench', 'fr', 'Bench', 'es', 'Bench'),
        'local', to_char(s.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI')),
      'days', s.days, 'hours', null,
      'lines', jsonb_build_object('base', s.total_price, 'extras', '[]'::jsonb,
        'fees', jsonb_build_object('oneWay', 0, 'youngDriver', 0),
        'tax', jsonb_build_object('rateBasisPoints', 1900, 'amount', s.tax_amount, 'added', false),
        'total', s.total_price))
  from sold s left join last l on l.supplier_id = s.supplier_id`);
await db.execute(sql`
  insert into document_counters (supplier_id, series, last_number)
  select supplier_id, series, max(number) from business_documents group by 1, 2
  on conflict (supplier_id, series) do update set last_number = excluded.last_number`);
await db.execute(sql`delete from document_day_totals`);
await db.execute(sql`
  insert into document_day_totals (supplier_id, place_id, day, currency, documents, net)
  select supplier_id, place_id, (issued_at at time zone 'UTC')::date, currency, count(*)::int,
    sum(case when series = 'creditNote' then -amount else amount end)
  from business_documents group by 1, 2, 3, 4`);
step("documents");

// The money moved per day (decision 050): the triggers added this run's events, not subtracted the last run's.
await db.execute(sql`select money_day_totals_recount()`);
// The published reviews' marks per place (decision 050, amended): counted once into a compact table.
await db.execute(sql`select review_mark_totals_recount()`);
await db.execute(sql`select supplier_places_recount()`);
// The cars per supplier and category (migration 0048): the triggers counted each statement's cars; counted once more.
await db.execute(sql`select supplier_range_cars_recount()`);
// The cars' idle floors (migration 0045): counted exactly once after the bookings' many statements.
await db.execute(sql`select car_idle_floors_recount()`);
// The desk's pick-ups and returns per quarter hour (migration 0046): counted once into a compact table.
await db.execute(sql`select desk_moments_recount()`);
await db.execute(sql`select desk_zone_days_recount()`);
// What each car earned over the last 90 days (migration 0050): counted once, as of now.
await db.execute(sql`select car_earnings_recount()`);
// The fleet's use per day (decision 050): the triggers named each inserted booking's days; one span per supplier
// recounts them in one pass, as the minute beat would, so the benchmarks read the kept counts.
await db.execute(sql`
  with marked as (delete from day_figures_stale returning supplier_id, from_day, to_day)
  insert into day_figures_stale (supplier_id, from_day, to_day)
  select supplier_id, min(from_day), max(to_day) from marked group by 1`);
await recountStaleDayFigures(db);
step("figures per day");

// A fresh bulk load has no visibility map yet: without VACUUM every availability probe reads the heap instead of
// answering from the covering index (measured: p50 doubles). Autovacuum does this on a live database.
await db.execute(sql`vacuum analyze`);
step(`done: ${cars.toLocaleString("en")} cars, ${(cars * bookingsPerCar).toLocaleString("en")} bookings`);
await handle.close();
