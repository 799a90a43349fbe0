CREATE TABLE "live_test_reopens" (
	"test_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_test_reopens_test_id_user_id_pk" PRIMARY KEY("test_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scheduled_test_batches" (
	"test_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	CONSTRAINT "scheduled_test_batches_test_id_batch_id_pk" PRIMARY KEY("test_id","batch_id")
);
--> statement-breakpoint
ALTER TABLE "scheduled_tests" ADD COLUMN "release" text DEFAULT 'at-close' NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_tests" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_tests" ADD COLUMN "extended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_test_reopens" ADD CONSTRAINT "live_test_reopens_test_id_scheduled_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."scheduled_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_reopens" ADD CONSTRAINT "live_test_reopens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_test_reopens" ADD CONSTRAINT "live_test_reopens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_test_batches" ADD CONSTRAINT "scheduled_test_batches_test_id_scheduled_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."scheduled_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_test_batches" ADD CONSTRAINT "scheduled_test_batches_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_test_batches_batch" ON "scheduled_test_batches" USING btree ("batch_id");