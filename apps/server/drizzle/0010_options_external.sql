-- A save checks its answer against the session's options and rewrites the session's row (decision
-- 0010). Compressed inline, the options were decompressed whole on every save, and once a paper's
-- answers passed the 4 kB target the toaster compressed them (MAIN) and every save decompressed and
-- recompressed them. EXTERNAL never compresses: a value stays inline while the row fits and goes out of
-- line uncompressed when it does not. PostgreSQL instructions per save (callgrind, 75 questions):
-- short options 416k -> 374k; options of ~100 characters 947k -> 544k. Only rows written from now on
-- change.
ALTER TABLE "assessments" ALTER COLUMN "options" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "assessments" ALTER COLUMN "answers" SET STORAGE EXTERNAL;
