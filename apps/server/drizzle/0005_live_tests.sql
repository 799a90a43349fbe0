CREATE TABLE "live_test_rankings" (
	"test_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"rank" integer NOT NULL,
	"percentile" double precision NOT NULL,
	"rank_before" integer,
	"percentile_before" double precision,
	"score_before" integer,
	"rank_changed_at" timestamp with time zone,
	CONSTRAINT "live_test_rankings_test_id_user_id_pk" PRIMARY KEY("test_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "practice_first_attempts" (
	"user_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"marking_scheme" text NOT NULL,
	"assessment_id" uuid NOT NULL,
	"score" integer NOT NULL,
	CONSTRAINT "practice_first_attempts_user_id_module_id_pk" PRIMARY KEY("user_id","module_id")
);
--> statement-breakpoint
CREATE TABLE "practice_score_counts" (
	"module_id" uuid NOT NULL,
	"marking_scheme" text NOT NULL,
	"score" integer NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "practice_score_counts_module_id_marking_scheme_score_pk" PRIMARY KEY("module_id","marking_scheme","score")
);
--> statement-breakpoint
CREATE TABLE "scheduled_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"exam_id" uuid NOT NULL,
	"module_id" uuid NOT NULL,
	"name" text NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"marking_scheme" text NOT NULL,
	"total_marks" integer NOT NULL,
	"paper" jsonb NOT NULL,
	"question_ids" uuid[] NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ranked_at" timestamp with time zone,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assessments" ADD COLUMN "scheduled_test_id" uuid;--> statement-breakpoint
ALTER TABLE "live_test_rankings" ADD CONSTRAINT "live_test_rankings_test_id_scheduled_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."scheduled_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_rankings" ADD CONSTRAINT "live_test_rankings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_first_attempts" ADD CONSTRAINT "practice_first_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_first_attempts" ADD CONSTRAINT "practice_first_attempts_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_score_counts" ADD CONSTRAINT "practice_score_counts_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_tests" ADD CONSTRAINT "scheduled_tests_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_tests" ADD CONSTRAINT "scheduled_tests_module_id_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."modules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_test_rankings_user" ON "live_test_rankings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scheduled_tests_closes" ON "scheduled_tests" USING btree ("closes_at");--> statement-breakpoint
CREATE INDEX "scheduled_tests_unranked" ON "scheduled_tests" USING btree ("closes_at") WHERE "scheduled_tests"."ranked_at" IS NULL AND "scheduled_tests"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "assessments_one_per_live_test" ON "assessments" USING btree ("scheduled_test_id","user_id") WHERE "assessments"."scheduled_test_id" IS NOT NULL;--> statement-breakpoint
-- Hand-written: the practice percentile's counts start from the first attempts already completed.
INSERT INTO "practice_first_attempts" ("user_id", "module_id", "marking_scheme", "assessment_id", "score")
SELECT DISTINCT ON ("user_id", "module_id") "user_id", "module_id", "marking_scheme", "id", "score"
FROM "assessments"
WHERE "quiz_type" = 'module' AND "session_completed" AND "scheduled_test_id" IS NULL AND "score" IS NOT NULL
ORDER BY "user_id", "module_id", "created_at";--> statement-breakpoint
INSERT INTO "practice_score_counts" ("module_id", "marking_scheme", "score", "count")
SELECT "module_id", "marking_scheme", "score", count(*)::int FROM "practice_first_attempts" GROUP BY 1, 2, 3;
