-- Children (and private players whose age is unknown) start private, and a private profile shows its
-- handle where the name would be: a handle made from the name ("cathy-kid-6300") said who they
-- are. Each gets a handle of words instead, from the lists in app/players/identity.ts (copied
-- here as they were), tried until one is free.
DO $$
DECLARE
  adjectives text[] := ARRAY['blue', 'brave', 'bright', 'calm', 'clever', 'gentle', 'golden', 'happy', 'jolly', 'kind', 'lucky', 'merry', 'quick', 'quiet', 'silver', 'sunny'];
  animals text[] := ARRAY['beaver', 'bison', 'caribou', 'finch', 'fox', 'heron', 'lynx', 'moose', 'otter', 'owl', 'puffin', 'rabbit', 'raccoon', 'salmon', 'seal', 'whale'];
  player record;
  candidate text;
BEGIN
  FOR player IN SELECT "id" FROM "user" WHERE "age" < 14 OR ("age" IS NULL AND NOT "profile_public") LOOP
    LOOP
      candidate := adjectives[1 + floor(random() * array_length(adjectives, 1))::int]
        || '-' || animals[1 + floor(random() * array_length(animals, 1))::int]
        || '-' || (1000 + floor(random() * 9000))::int;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM "user" WHERE "handle" = candidate);
    END LOOP;
    UPDATE "user" SET "handle" = candidate WHERE "id" = player."id";
  END LOOP;
END $$;
