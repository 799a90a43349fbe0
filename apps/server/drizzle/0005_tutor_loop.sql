CREATE TABLE "question_attempts" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"exam_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"topic_id" uuid,
	"session_kind" text NOT NULL,
	"outcome" text NOT NULL,
	"score" double precision,
	"max_score" double precision NOT NULL,
	"confidence" text,
	"time_spent" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_attempts_assessment_id_position_pk" PRIMARY KEY("assessment_id","position")
);
--> statement-breakpoint
CREATE TABLE "question_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"correction_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_stats" (
	"question_id" uuid NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "question_stats_question_id_shard_pk" PRIMARY KEY("question_id","shard")
);
--> statement-breakpoint
CREATE TABLE "review_cards" (
	"user_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"due" timestamp with time zone NOT NULL,
	"stability" double precision NOT NULL,
	"difficulty" double precision NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"last_outcome" text NOT NULL,
	"last_answer" jsonb,
	"last_confidence" text,
	"last_assessment_id" uuid,
	"last_answered_at" timestamp with time zone NOT NULL,
	"exam_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"topic_id" uuid,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_cards_user_id_question_id_pk" PRIMARY KEY("user_id","question_id")
);
--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_reports" ADD CONSTRAINT "question_reports_correction_id_key_corrections_id_fk" FOREIGN KEY ("correction_id") REFERENCES "public"."key_corrections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_stats" ADD CONSTRAINT "question_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_cards" ADD CONSTRAINT "review_cards_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_attempts_user_topic" ON "question_attempts" USING btree ("user_id","topic_id");--> statement-breakpoint
CREATE INDEX "question_attempts_question" ON "question_attempts" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "question_reports_question" ON "question_reports" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_reports_one_open" ON "question_reports" USING btree ("user_id","question_id") WHERE "question_reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "review_cards_user_due" ON "review_cards" USING btree ("user_id","due") WHERE "review_cards"."dismissed_at" IS NULL;