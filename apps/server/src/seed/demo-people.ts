/**
 * Demo data for a new install: two dozen Assistants, a Boss, a Sharer, a few more clients
 * and an Operator. Data only;
 * `demo.ts` turns it into rows and `demo-images.ts` draws the pictures.
 */
import type { AVAILABILITY_OPTIONS, EXPERIENCE_OPTIONS, SKILL_OPTIONS } from "@vam/shared";

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = "demo1234";

export type DemoSkill = (typeof SKILL_OPTIONS)[number];
export type DemoExperience = (typeof EXPERIENCE_OPTIONS)[number];
export type DemoAvailability = (typeof AVAILABILITY_OPTIONS)[number];

export interface DemoPhoto {
  title: string;
  description: string;
}

export interface DemoPosting {
  title: string;
  address: string;
  hours: string;
  days: string;
  /** Stored in the posting's `bathroom` column, shown as the work setup. */
  workSetup: string;
  school: string;
  verified: boolean;
  /** Simple, already safe HTML: <p>, <ul>, <li>, <strong>. */
  description: string;
}

export interface DemoAccount {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  location: string;
  skills: readonly DemoSkill[];
  experience: DemoExperience;
  availability: DemoAvailability;
  bio: string;
}

export interface DemoAssistant extends DemoAccount {
  gallery: readonly [DemoPhoto, DemoPhoto, DemoPhoto];
  posting: DemoPosting;
}

export const DEMO_BOSS: DemoAccount = {
  firstName: "Ramon",
  lastName: "Villanueva",
  username: "boss_demo",
  email: "ramon.villanueva@example.ph",
  location: "Makati City, Metro Manila",
  skills: [],
  experience: "10+ years",
  availability: "Full-time",
  bio: "Founder of a growing home-goods trading company in Makati. I hire virtual assistants for customer support, bookkeeping and social media so my team can focus on suppliers and sales.",
};

export const DEMO_SHARER: DemoAccount = {
  firstName: "Liza",
  lastName: "Mercado",
  username: "sharer_demo",
  email: "liza.mercado@example.ph",
  location: "Quezon City, Metro Manila",
  skills: [],
  experience: "5+ years",
  availability: "Part-time",
  bio: "Community organiser for Filipino freelancers. I connect small businesses with trusted assistants I have worked with and share the marketplace with my network.",
};

/** Runs the platform: verifies payments and moderates reviews in the console at /admin. */
export const DEMO_OPERATOR: DemoAccount = {
  firstName: "Bernadette",
  lastName: "Manalastas",
  username: "operator_demo",
  email: "bernadette.manalastas@example.ph",
  location: "Pasig City, Metro Manila",
  skills: [],
  experience: "5+ years",
  availability: "Full-time",
  bio: "Operations lead at VA Marketplace PH. I verify payments every morning and afternoon and look after reviews and accounts.",
};

/** More clients (Bosses) whose past bookings give the Assistants their reviews. */
export const DEMO_CLIENTS: readonly DemoAccount[] = [
  {
    firstName: "Cristina",
    lastName: "Yap",
    username: "cristina_yap",
    email: "cristina.yap@example.ph",
    location: "San Juan City, Metro Manila",
    skills: [],
    experience: "10+ years",
    availability: "Full-time",
    bio: "I run a family bakery with three branches and an online pre-order page. I book assistants for orders, supplier follow-ups and our Facebook page.",
  },
  {
    firstName: "Eduardo",
    lastName: "Bernal",
    username: "eduardo_bernal",
    email: "eduardo.bernal@example.ph",
    location: "Talisay City, Cebu",
    skills: [],
    experience: "10+ years",
    availability: "Part-time",
    bio: "Dentist and owner of a small clinic. Assistants help me with appointment reminders, patient records and the clinic's website.",
  },
  {
    firstName: "Rosalinda",
    lastName: "Macaraeg",
    username: "rosalinda_macaraeg",
    email: "rosalinda.macaraeg@example.ph",
    location: "Dagupan City, Pangasinan",
    skills: [],
    experience: "5+ years",
    availability: "Contract",
    bio: "I manage a beach resort in Pangasinan. I hire virtual assistants for reservations, guest messages and event planning in peak season.",
  },
  {
    firstName: "Benjamin",
    lastName: "Co",
    username: "benjamin_co",
    email: "benjamin.co@example.ph",
    location: "Parañaque City, Metro Manila",
    skills: [],
    experience: "10+ years",
    availability: "Full-time",
    bio: "Logistics business owner. I need help with spreadsheets, customer emails and research on new delivery routes.",
  },
];

export const DEMO_ASSISTANTS: readonly DemoAssistant[] = [
  {
    firstName: "Maria",
    lastName: "Santos",
    username: "maria_santos",
    email: "maria.santos@example.ph",
    location: "Quezon City, Metro Manila",
    skills: ["Marketing", "Writing", "SEO"],
    experience: "3-5 years",
    availability: "Full-time",
    bio: "I help small businesses show up consistently on social media with content that sounds like them. Over the past four years I have managed pages for cafes, clinics and online shops, growing their followers and inquiries month after month.",
    gallery: [
      { title: "Cafe launch campaign", description: "A two-week Instagram and Facebook campaign for a new specialty cafe in Maginhawa." },
      { title: "Monthly content calendar", description: "A colour-coded calendar I prepare for each client, with captions approved a week ahead." },
      { title: "Engagement report", description: "A simple monthly report showing reach, saves and messages, written for busy owners." },
    ],
    posting: {
      title: "Social Media Management for Small Businesses",
      address: "Teachers Village, Quezon City, Metro Manila",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with backup power and fibre internet",
      school: "University of the Philippines Diliman",
      verified: true,
      description:
        "<p>I plan, write and schedule your posts so your page stays active even on your busiest weeks. Every caption is written for your customers, in English, Filipino or Taglish.</p><p>You approve a full month of content in one sitting, and I take care of the rest, including replies to comments and messages during business hours.</p><ul><li><strong>Content calendar</strong> with captions and hashtags</li><li>Simple graphics made in Canva</li><li>Comment and inbox moderation</li><li>Monthly results report</li></ul>",
    },
  },
  {
    firstName: "Juan",
    lastName: "Dela Cruz",
    username: "juan_delacruz",
    email: "juan.delacruz@example.ph",
    location: "Cebu City, Cebu",
    skills: ["Software", "Technology"],
    experience: "5+ years",
    availability: "Full-time",
    bio: "I am a web developer who builds and maintains websites for small and medium businesses. I work mostly with WordPress, Shopify and simple React apps, and I explain technical choices in plain language.",
    gallery: [
      { title: "Online store rebuild", description: "Moved a Cebu pasalubong shop from a slow template to a fast Shopify theme." },
      { title: "Booking form integration", description: "Connected a dental clinic's website to its appointment calendar and SMS reminders." },
      { title: "Speed tune-up", description: "Cut a WordPress site's loading time in half by cleaning up plugins and images." },
    ],
    posting: {
      title: "Website Maintenance and Small Web Projects",
      address: "Lahug, Cebu City, Cebu",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Dedicated workstation, dual monitors and a UPS",
      school: "University of San Carlos",
      verified: true,
      description:
        "<p>Keep your website fast, secure and up to date without hiring a full-time developer. I handle updates, backups and the small changes that pile up.</p><p>For bigger needs I can build landing pages, online stores and simple internal tools, with clear estimates before any work starts.</p><ul><li><strong>WordPress and Shopify</strong> maintenance</li><li>Landing pages and product pages</li><li>Backups, security checks and uptime monitoring</li></ul>",
    },
  },
  {
    firstName: "Angelica",
    lastName: "Reyes",
    username: "angelica_reyes",
    email: "angelica.reyes@example.ph",
    location: "Davao City, Davao del Sur",
    skills: ["Events", "Others"],
    experience: "1-3 years",
    availability: "Part-time",
    bio: "I coordinate small events and the paperwork around them: guest lists, supplier follow-ups and schedules. Clients tell me they finally get to enjoy their own parties.",
    gallery: [
      { title: "Corporate team outing", description: "Planned transport, venue and a rain plan for a 60-person team outing in Samal." },
      { title: "Debut guest management", description: "Handled RSVPs, seating charts and reminders for a 150-guest debut." },
      { title: "Supplier tracker", description: "A shared sheet that tracks every supplier's deposit, deadline and contact person." },
    ],
    posting: {
      title: "Event Coordination and Guest Management",
      address: "Lanang, Davao City, Davao del Sur",
      hours: "20 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with fibre internet and mobile data backup",
      school: "Ateneo de Davao University",
      verified: false,
      description:
        "<p>From a company anniversary to a family celebration, I keep every detail on track so nothing is missed on the day itself.</p><p>I work remotely on planning and supplier calls, and I can coordinate on site within Davao City for the main event.</p><ul><li><strong>Guest lists</strong>, RSVPs and seating plans</li><li>Supplier follow-ups and payment reminders</li><li>Day-of timeline and checklist</li></ul>",
    },
  },
  {
    firstName: "Mark Anthony",
    lastName: "Bautista",
    username: "mark_bautista",
    email: "mark.bautista@example.ph",
    location: "Makati City, Metro Manila",
    skills: ["SEO", "Marketing", "AI"],
    experience: "5+ years",
    availability: "Contract",
    bio: "I grow organic traffic for service businesses through keyword research, on-page fixes and helpful articles. I also use AI tools carefully to speed up research, never to replace a real editor.",
    gallery: [
      { title: "Law firm SEO audit", description: "Found and fixed 40 technical issues that kept key pages out of search results." },
      { title: "Keyword map", description: "A keyword-to-page plan for a travel agency targeting Palawan and Siargao trips." },
      { title: "Traffic growth report", description: "Organic visits tripled over eight months for a home-services company." },
    ],
    posting: {
      title: "SEO Audits and Content Strategy",
      address: "Legazpi Village, Makati City, Metro Manila",
      hours: "30 hours/week",
      days: "Mon-Fri",
      workSetup: "Co-working desk in Makati with backup internet at home",
      school: "De La Salle University",
      verified: true,
      description:
        "<p>I find out why your website is not showing up on Google and fix it step by step. You get a clear plan, not a 90-page report nobody reads.</p><p>After the audit I can write or edit the articles your customers are already searching for.</p><ul><li><strong>Technical SEO audit</strong> with a prioritised fix list</li><li>Keyword research and content plan</li><li>Monthly ranking and traffic updates</li></ul>",
    },
  },
  {
    firstName: "Kristine",
    lastName: "Garcia",
    username: "kristine_garcia",
    email: "kristine.garcia@example.ph",
    location: "Iloilo City, Iloilo",
    skills: ["Writing"],
    experience: "3-5 years",
    availability: "Freelance",
    bio: "I write clear blog posts, newsletters and product descriptions for brands in food, travel and education. I love turning complicated topics into friendly, readable pieces.",
    gallery: [
      { title: "Travel blog series", description: "A ten-part guide to Western Visayas food trips for a local tour operator." },
      { title: "School newsletter", description: "A monthly parent newsletter for a private school, written and laid out end to end." },
      { title: "Product descriptions", description: "Over 200 product descriptions for an online store selling native handicrafts." },
    ],
    posting: {
      title: "Blog Posts, Newsletters and Web Copy",
      address: "Jaro, Iloilo City, Iloilo",
      hours: "25 hours/week",
      days: "Mon-Thu",
      workSetup: "Quiet home office with fibre internet",
      school: "University of the Philippines Visayas",
      verified: false,
      description:
        "<p>Good writing makes people stay, read and trust you. I write articles and emails that sound human and get to the point.</p><p>Every piece is researched, proofread and delivered in Google Docs, ready to publish.</p><ul><li><strong>Blog articles</strong> of 800 to 1,500 words</li><li>Email newsletters</li><li>Website and product copy</li></ul>",
    },
  },
  {
    firstName: "Joshua",
    lastName: "Mendoza",
    username: "joshua_mendoza",
    email: "joshua.mendoza@example.ph",
    location: "Baguio City, Benguet",
    skills: ["Engineering", "Technology", "Software"],
    experience: "5+ years",
    availability: "Contract",
    bio: "I am a civil engineer turned CAD and estimating assistant. I prepare drawings, quantity take-offs and project schedules for contractors who need an extra pair of hands.",
    gallery: [
      { title: "Residential floor plans", description: "Cleaned up and redrew plans for a two-storey house in La Trinidad." },
      { title: "Quantity take-off", description: "A full bill of materials and cost estimate for a small commercial building." },
      { title: "Project schedule", description: "A Gantt chart that kept a four-month renovation on time." },
    ],
    posting: {
      title: "CAD Drafting and Construction Estimates",
      address: "Session Road area, Baguio City, Benguet",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Workstation with AutoCAD licence and a UPS",
      school: "Saint Louis University",
      verified: true,
      description:
        "<p>I turn sketches and site notes into clean drawings and reliable estimates. Contractors use my take-offs to bid faster and avoid costly surprises.</p><p>I also keep project schedules updated so owners always know where things stand.</p><ul><li><strong>AutoCAD drafting</strong> for residential and small commercial work</li><li>Quantity take-offs and cost estimates</li><li>Project schedules and progress reports</li></ul>",
    },
  },
  {
    firstName: "Patricia",
    lastName: "Aquino",
    username: "patricia_aquino",
    email: "patricia.aquino@example.ph",
    location: "Pasig City, Metro Manila",
    skills: ["Beauty", "Wellness"],
    experience: "3-5 years",
    availability: "Part-time",
    bio: "I support salons, spas and wellness coaches with bookings, client follow-ups and friendly social posts. I worked front desk at a Kapitolyo salon for three years, so I know the rhythm of a busy shop.",
    gallery: [
      { title: "Salon booking system", description: "Set up online booking and reminder messages that cut no-shows by a third." },
      { title: "Spa promo posts", description: "A calm, consistent set of promo posts for a day spa's rainy-season offers." },
      { title: "Client care scripts", description: "Friendly message templates for follow-ups, reviews and rebooking." },
    ],
    posting: {
      title: "Salon and Spa Booking Assistant",
      address: "Kapitolyo, Pasig City, Metro Manila",
      hours: "20 hours/week",
      days: "Tue-Fri",
      workSetup: "Home office with a headset and fibre internet",
      school: "Pamantasan ng Lungsod ng Pasig",
      verified: false,
      description:
        "<p>Let your stylists and therapists focus on clients while I handle the calendar. I answer inquiries, confirm appointments and follow up after every visit.</p><p>I also post your promos and gather reviews so new clients can find you.</p><ul><li><strong>Appointment booking</strong> and reminders</li><li>Inbox replies on Facebook and Instagram</li><li>Review requests and rebooking messages</li></ul>",
    },
  },
  {
    firstName: "Carlo",
    lastName: "Ramos",
    username: "carlo_ramos",
    email: "carlo.ramos@example.ph",
    location: "Cagayan de Oro, Misamis Oriental",
    skills: ["AI", "Software", "Writing", "Technology"],
    experience: "3-5 years",
    availability: "Full-time",
    bio: "I help teams use AI tools in practical ways: chatbots that answer real customer questions, document summaries and workflow automations. I test everything carefully before it reaches your customers.",
    gallery: [
      { title: "Customer support chatbot", description: "A website chatbot trained on a hardware store's own FAQs and price lists." },
      { title: "Meeting notes automation", description: "Recorded meetings turned into summaries and task lists automatically." },
      { title: "Prompt library", description: "A tested set of prompts a marketing team uses for drafts and research." },
    ],
    posting: {
      title: "AI Chatbots and Workflow Automation",
      address: "Uptown, Cagayan de Oro, Misamis Oriental",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with solar backup and fibre internet",
      school: "Xavier University - Ateneo de Cagayan",
      verified: true,
      description:
        "<p>AI can save your team hours every week when it is set up properly. I build small, reliable automations around the tools you already use.</p><p>We start with one process, measure the time saved, and only then expand.</p><ul><li><strong>Customer support chatbots</strong> based on your own documents</li><li>Email and document summaries</li><li>Automations with Zapier, Make and Google Workspace</li></ul>",
    },
  },
  {
    firstName: "Jasmine",
    lastName: "Torres",
    username: "jasmine_torres",
    email: "jasmine.torres@example.ph",
    location: "Bacolod City, Negros Occidental",
    skills: ["Events", "Marketing"],
    experience: "1-3 years",
    availability: "Freelance",
    bio: "I plan and promote events, from product launches to school fairs. I handle the promotion side too, so the event is full before the doors open.",
    gallery: [
      { title: "Product launch night", description: "Organised and promoted a launch for a local piaya brand with 200 guests." },
      { title: "Fun run registration", description: "Managed online sign-ups and race kit schedules for a 500-runner charity run." },
      { title: "Event poster series", description: "A set of posters and social posts for a month-long arts festival." },
    ],
    posting: {
      title: "Event Planning and Promotion",
      address: "Lacson Street, Bacolod City, Negros Occidental",
      hours: "20 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with backup power",
      school: "University of St. La Salle",
      verified: false,
      description:
        "<p>I help you plan an event people actually show up to. I coordinate the details and run the promotion in the weeks before.</p><p>You get one point of contact for suppliers, registrations and announcements.</p><ul><li><strong>Event timelines</strong> and supplier coordination</li><li>Registration forms and guest reminders</li><li>Social media promotion</li></ul>",
    },
  },
  {
    firstName: "Miguel",
    lastName: "Castillo",
    username: "miguel_castillo",
    email: "miguel.castillo@example.ph",
    location: "Taguig City, Metro Manila",
    skills: ["Technology", "Others"],
    experience: "10+ years",
    availability: "Full-time",
    bio: "I have spent over ten years in IT support and operations for BGC offices. I now help small companies run their laptops, accounts and office tools without a full IT department.",
    gallery: [
      { title: "Office IT setup", description: "Set up laptops, Wi-Fi and shared drives for a 25-person startup in BGC." },
      { title: "Google Workspace migration", description: "Moved a company's email and files to Google Workspace over one weekend." },
      { title: "IT handbook", description: "A short, friendly handbook so new hires can set themselves up on day one." },
    ],
    posting: {
      title: "Remote IT Support for Small Offices",
      address: "Bonifacio Global City, Taguig City, Metro Manila",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with dual internet lines and a generator",
      school: "Mapua University",
      verified: true,
      description:
        "<p>Keep your team's computers and accounts running smoothly. I answer support requests, manage user accounts and keep your tools secure.</p><p>I document everything, so your setup never depends on one person's memory.</p><ul><li><strong>Help desk</strong> for your team by chat and email</li><li>Google Workspace and Microsoft 365 administration</li><li>Device setup and security checks</li></ul>",
    },
  },
  {
    firstName: "Rhea",
    lastName: "Fernandez",
    username: "rhea_fernandez",
    email: "rhea.fernandez@example.ph",
    location: "Mandaue City, Cebu",
    skills: ["Wellness"],
    experience: "1-3 years",
    availability: "Part-time",
    bio: "I am a licensed nutritionist who assists wellness coaches with meal plans, client check-ins and simple educational posts. I keep advice practical and based on Filipino home cooking.",
    gallery: [
      { title: "Weekly meal plans", description: "Budget-friendly meal plans built around ingredients from the local palengke." },
      { title: "Client check-in forms", description: "Short weekly forms that help a coach track progress at a glance." },
      { title: "Healthy recipe cards", description: "A set of printable recipe cards for a corporate wellness programme." },
    ],
    posting: {
      title: "Nutrition and Wellness Coaching Assistant",
      address: "Banilad, Mandaue City, Cebu",
      hours: "15 hours/week",
      days: "Mon, Wed, Fri",
      workSetup: "Home office with fibre internet",
      school: "Cebu Doctors' University",
      verified: false,
      description:
        "<p>I support coaches and clinics so their clients stay on track between sessions. I prepare plans, send reminders and answer common questions.</p><p>All materials are reviewed against your own guidelines before they go out.</p><ul><li><strong>Meal plans</strong> and grocery lists</li><li>Weekly client check-ins</li><li>Educational posts and handouts</li></ul>",
    },
  },
  {
    firstName: "Paolo",
    lastName: "Navarro",
    username: "paolo_navarro",
    email: "paolo.navarro@example.ph",
    location: "Zamboanga City, Zamboanga del Sur",
    skills: ["Marketing", "SEO", "Writing", "AI", "Others"],
    experience: "5+ years",
    availability: "Full-time",
    bio: "I run the day-to-day marketing for online businesses: email campaigns, ads reports and landing page copy. I like clear numbers and clear writing in equal measure.",
    gallery: [
      { title: "Email welcome sequence", description: "A five-email welcome series that doubled first-time purchases for an online shop." },
      { title: "Ads dashboard", description: "A weekly dashboard that shows ad spend, leads and cost per lead in one view." },
      { title: "Landing page rewrite", description: "Rewrote a course landing page and raised sign-ups by 35 percent." },
    ],
    posting: {
      title: "Email Marketing and Campaign Reporting",
      address: "Tetuan, Zamboanga City, Zamboanga del Sur",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with backup power and two internet providers",
      school: "Western Mindanao State University",
      verified: true,
      description:
        "<p>I plan and send your email campaigns, then tell you honestly what worked. Every report ends with next steps, not just charts.</p><p>I can also write your landing pages and keep your ads reports tidy.</p><ul><li><strong>Email campaigns</strong> in Mailchimp or Klaviyo</li><li>Weekly ads and sales reports</li><li>Landing page and offer copy</li></ul>",
    },
  },
  {
    firstName: "Camille",
    lastName: "Gonzales",
    username: "camille_gonzales",
    email: "camille.gonzales@example.ph",
    location: "Antipolo City, Rizal",
    skills: ["Beauty", "Events"],
    experience: "3-5 years",
    availability: "Freelance",
    bio: "I coordinate bridal and beauty bookings for makeup artists and stylists. I manage their calendars, quotes and client questions so they can focus on their craft.",
    gallery: [
      { title: "Bridal booking calendar", description: "A shared calendar for a team of four makeup artists during wedding season." },
      { title: "Quotation templates", description: "Clean quotation and contract templates for bridal packages." },
      { title: "Portfolio refresh", description: "Organised a makeup artist's portfolio into albums by look and occasion." },
    ],
    posting: {
      title: "Booking Coordinator for Makeup Artists",
      address: "Cainta border, Antipolo City, Rizal",
      hours: "20 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with fibre internet and a quiet call space",
      school: "University of Santo Tomas",
      verified: false,
      description:
        "<p>Wedding season is busy; your inbox should not be the reason you lose a booking. I answer inquiries quickly and keep your calendar organised.</p><p>I also prepare quotes, collect deposits and send reminders before every event.</p><ul><li><strong>Inquiry replies</strong> within business hours</li><li>Quotes, contracts and deposit tracking</li><li>Client reminders and schedules</li></ul>",
    },
  },
  {
    firstName: "Rafael",
    lastName: "Domingo",
    username: "rafael_domingo",
    email: "rafael.domingo@example.ph",
    location: "Dumaguete City, Negros Oriental",
    skills: ["Writing", "SEO"],
    experience: "10+ years",
    availability: "Contract",
    bio: "I am a former newspaper editor who now writes and edits long-form content for companies. I care about accuracy, a clear structure and a consistent voice.",
    gallery: [
      { title: "Annual report editing", description: "Edited a foundation's 40-page annual report for clarity and consistency." },
      { title: "Style guide", description: "A house style guide that keeps a team of six writers on the same page." },
      { title: "Case study series", description: "Eight customer case studies for a software company, based on interviews." },
    ],
    posting: {
      title: "Editing and Long-Form Content",
      address: "Rizal Boulevard area, Dumaguete City, Negros Oriental",
      hours: "30 hours/week",
      days: "Mon-Thu",
      workSetup: "Home office with fibre internet and a UPS",
      school: "Silliman University",
      verified: true,
      description:
        "<p>I edit and write the documents that represent your organisation: reports, case studies and guides. I check facts and tighten every sentence.</p><p>You get tracked changes and short notes explaining each important edit.</p><ul><li><strong>Copyediting</strong> and proofreading</li><li>Case studies and white papers</li><li>House style guides</li></ul>",
    },
  },
  {
    firstName: "Bea",
    lastName: "Lim",
    username: "bea_lim",
    email: "bea.lim@example.ph",
    location: "Manila, Metro Manila",
    skills: ["Software", "AI"],
    experience: "1-3 years",
    availability: "Full-time",
    bio: "I am a junior developer who enjoys testing and small automation scripts. I help teams find bugs before their customers do and automate the boring parts of their work.",
    gallery: [
      { title: "Test checklist", description: "A release checklist that caught a broken checkout before launch." },
      { title: "Spreadsheet automation", description: "A script that turns daily sales exports into a clean summary sheet." },
      { title: "Bug report samples", description: "Clear bug reports with steps, screenshots and expected results." },
    ],
    posting: {
      title: "Software Testing and Automation Scripts",
      address: "Sampaloc, Manila, Metro Manila",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with fibre internet",
      school: "Polytechnic University of the Philippines",
      verified: false,
      description:
        "<p>I test your website or app the way your customers use it and report problems clearly. Developers like my bug reports because they can fix issues right away.</p><p>I also write small Python and Apps Script tools to automate repetitive tasks.</p><ul><li><strong>Manual testing</strong> before each release</li><li>Bug reports with steps to reproduce</li><li>Python and Google Apps Script automations</li></ul>",
    },
  },
  {
    firstName: "Jerome",
    lastName: "Pascual",
    username: "jerome_pascual",
    email: "jerome.pascual@example.ph",
    location: "General Santos City, South Cotabato",
    skills: ["Engineering"],
    experience: "3-5 years",
    availability: "Contract",
    bio: "I am a mechanical engineer who supports maintenance teams with documentation, preventive maintenance schedules and equipment records. I help plants move from paper logs to simple digital systems.",
    gallery: [
      { title: "Maintenance schedule", description: "A preventive maintenance plan for a fish-processing plant's cold storage." },
      { title: "Equipment register", description: "A searchable register of 300 machines with manuals and service history." },
      { title: "Safety checklist", description: "Daily safety checklists adapted for a small manufacturing line." },
    ],
    posting: {
      title: "Maintenance Planning and Technical Documentation",
      address: "Lagao, General Santos City, South Cotabato",
      hours: "30 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with backup power and mobile data",
      school: "Mindanao State University - General Santos",
      verified: false,
      description:
        "<p>Well-documented equipment breaks down less and is fixed faster. I build maintenance schedules and records your team will actually use.</p><p>I work from your existing logs and manuals and keep everything in shared sheets or your CMMS.</p><ul><li><strong>Preventive maintenance</strong> schedules</li><li>Equipment registers and service histories</li><li>Standard operating procedures and checklists</li></ul>",
    },
  },
  {
    firstName: "Nicole",
    lastName: "Flores",
    username: "nicole_flores",
    email: "nicole.flores@example.ph",
    location: "Tacloban City, Leyte",
    skills: ["Others", "Writing"],
    experience: "3-5 years",
    availability: "Full-time",
    bio: "I am an executive assistant who manages inboxes, calendars and travel for busy founders. I am calm under pressure and always a step ahead of the next meeting.",
    gallery: [
      { title: "Inbox zero system", description: "Labels, filters and templates that brought a founder's inbox under control." },
      { title: "Travel itinerary", description: "A detailed multi-city itinerary for a business trip to Singapore and Tokyo." },
      { title: "Meeting briefs", description: "One-page briefs prepared before every important meeting." },
    ],
    posting: {
      title: "Executive Assistant for Busy Founders",
      address: "Downtown, Tacloban City, Leyte",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with backup power and fibre internet",
      school: "Leyte Normal University",
      verified: true,
      description:
        "<p>I take the admin off your plate so you can focus on decisions. I manage your inbox, calendar and travel with care and discretion.</p><p>Each morning you get a short summary of what matters today.</p><ul><li><strong>Inbox and calendar</strong> management</li><li>Travel bookings and itineraries</li><li>Meeting preparation and follow-ups</li></ul>",
    },
  },
  {
    firstName: "Adrian",
    lastName: "Salazar",
    username: "adrian_salazar",
    email: "adrian.salazar@example.ph",
    location: "Angeles City, Pampanga",
    skills: ["Technology", "Software", "Engineering"],
    experience: "5+ years",
    availability: "Freelance",
    bio: "I set up and support point-of-sale systems, networks and CCTV for restaurants and shops in Central Luzon. Remotely, I monitor systems and guide staff through fixes.",
    gallery: [
      { title: "Restaurant POS rollout", description: "Installed and configured POS terminals for a three-branch restaurant group." },
      { title: "Network diagram", description: "Documented a shop's network so any technician can troubleshoot it." },
      { title: "Remote monitoring", description: "Set up alerts that warn the owner before a device goes offline." },
    ],
    posting: {
      title: "POS, Network and Systems Support",
      address: "Balibago, Angeles City, Pampanga",
      hours: "25 hours/week",
      days: "Mon-Fri",
      workSetup: "Home lab with spare hardware and a UPS",
      school: "Holy Angel University",
      verified: false,
      description:
        "<p>When your POS or network goes down, sales stop. I keep your systems monitored and fix issues remotely whenever possible.</p><p>I also train your staff on the basics so small problems never become big ones.</p><ul><li><strong>POS setup</strong> and support</li><li>Network and Wi-Fi troubleshooting</li><li>Remote monitoring and monthly health checks</li></ul>",
    },
  },
  {
    firstName: "Trisha",
    lastName: "Manalo",
    username: "trisha_manalo",
    email: "trisha.manalo@example.ph",
    location: "Lipa City, Batangas",
    skills: ["Marketing", "Beauty"],
    experience: "1-3 years",
    availability: "Part-time",
    bio: "I create social content and run small ad campaigns for beauty and skincare brands. I know the local market well and keep every post on brand.",
    gallery: [
      { title: "Skincare launch posts", description: "A launch series for a Batangas skincare brand's new sunscreen line." },
      { title: "Influencer outreach", description: "Shortlisted and coordinated twelve micro-influencers for a product seeding." },
      { title: "Ad creative tests", description: "Tested four ad styles and found the one with the lowest cost per sale." },
    ],
    posting: {
      title: "Social Content for Beauty Brands",
      address: "Poblacion, Lipa City, Batangas",
      hours: "20 hours/week",
      days: "Mon-Fri",
      workSetup: "Home studio corner with ring light and fibre internet",
      school: "De La Salle Lipa",
      verified: false,
      description:
        "<p>I help beauty brands post consistently and sell more online. I plan content, write captions and run small, careful ad tests.</p><p>You get a weekly update with what is working and what we will try next.</p><ul><li><strong>Content planning</strong> and captions</li><li>Influencer outreach and coordination</li><li>Facebook and Instagram ad tests</li></ul>",
    },
  },
  {
    firstName: "Daniel",
    lastName: "Soriano",
    username: "daniel_soriano",
    email: "daniel.soriano@example.ph",
    location: "Naga City, Camarines Sur",
    skills: ["Events", "Others", "Marketing"],
    experience: "Entry level",
    availability: "Internship",
    bio: "I recently graduated in tourism management and I am eager to support event teams and travel agencies. I am organised, quick to learn and comfortable on the phone.",
    gallery: [
      { title: "Campus festival", description: "Helped run ticketing and volunteer schedules for a university arts festival." },
      { title: "Tour itinerary", description: "A three-day Bicol itinerary with costs, contacts and backup options." },
      { title: "Volunteer roster", description: "A roster and briefing sheet for 40 volunteers at a city fun run." },
    ],
    posting: {
      title: "Event and Travel Support Intern",
      address: "Centro, Naga City, Camarines Sur",
      hours: "20 hours/week",
      days: "Mon-Fri",
      workSetup: "Home setup with laptop and fibre internet",
      school: "Ateneo de Naga University",
      verified: false,
      description:
        "<p>I am building my experience in events and travel and I bring energy and care to every task. I can help with research, bookings and coordination.</p><p>I respond quickly and keep clear notes, so handovers are easy.</p><ul><li><strong>Itinerary research</strong> and bookings</li><li>Volunteer and guest coordination</li><li>Event checklists and follow-ups</li></ul>",
    },
  },
  {
    firstName: "Hazel",
    lastName: "Cruz",
    username: "hazel_cruz",
    email: "hazel.cruz@example.ph",
    location: "Puerto Princesa, Palawan",
    skills: ["Wellness", "Writing"],
    experience: "3-5 years",
    availability: "Freelance",
    bio: "I write for wellness retreats, yoga studios and eco-resorts, from website pages to guest newsletters. Living in Palawan keeps me close to the calm my clients want to share.",
    gallery: [
      { title: "Retreat website copy", description: "New website pages for an island wellness retreat near Puerto Princesa." },
      { title: "Guest welcome guide", description: "A warm, printable welcome guide for an eco-resort's guests." },
      { title: "Yoga studio newsletter", description: "A monthly newsletter with class updates and mindful tips." },
    ],
    posting: {
      title: "Wellness and Travel Copywriting",
      address: "Bancao-Bancao, Puerto Princesa, Palawan",
      hours: "20 hours/week",
      days: "Mon-Thu",
      workSetup: "Home office with satellite internet and solar backup",
      school: "Palawan State University",
      verified: true,
      description:
        "<p>I write words that feel like a deep breath: clear, warm and inviting. My clients are retreats, studios and resorts that want guests to feel at home before they arrive.</p><p>I deliver drafts quickly and revise until the voice is just right.</p><ul><li><strong>Website pages</strong> and booking copy</li><li>Guest guides and newsletters</li><li>Social captions for wellness brands</li></ul>",
    },
  },
  {
    firstName: "Kevin",
    lastName: "Tan",
    username: "kevin_tan",
    email: "kevin.tan@example.ph",
    location: "Iligan City, Lanao del Norte",
    skills: ["AI", "Technology"],
    experience: "1-3 years",
    availability: "Contract",
    bio: "I prepare and label data for AI projects and build simple dashboards to track results. I am detail-oriented and comfortable with large spreadsheets and repetitive, careful work.",
    gallery: [
      { title: "Image labelling project", description: "Labelled 20,000 product photos with a quality rate above 98 percent." },
      { title: "Data cleaning", description: "Merged and cleaned customer lists from five different sources." },
      { title: "Results dashboard", description: "A Looker Studio dashboard tracking a model's accuracy week by week." },
    ],
    posting: {
      title: "Data Labelling and AI Data Preparation",
      address: "Pala-o, Iligan City, Lanao del Norte",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with a large monitor and backup internet",
      school: "MSU - Iligan Institute of Technology",
      verified: false,
      description:
        "<p>Good AI starts with good data. I label, clean and check your data carefully, following your guidelines to the letter.</p><p>I track my own accuracy and flag unclear cases instead of guessing.</p><ul><li><strong>Image and text labelling</strong></li><li>Data cleaning and deduplication</li><li>Simple dashboards in Looker Studio or Sheets</li></ul>",
    },
  },
  {
    firstName: "Lovely",
    lastName: "Dizon",
    username: "lovely_dizon",
    email: "lovely.dizon@example.ph",
    location: "San Fernando, La Union",
    skills: ["Beauty", "Wellness", "Marketing"],
    experience: "5+ years",
    availability: "Full-time",
    bio: "I manage online stores for natural beauty and wellness products, from listings to customer service. I have helped three home-grown brands reach customers across the country.",
    gallery: [
      { title: "Shopee store setup", description: "Set up and optimised a natural soap brand's Shopee and Lazada stores." },
      { title: "Product photo guide", description: "A simple guide so the owner can take bright product photos at home." },
      { title: "Customer service playbook", description: "Ready replies for shipping, returns and product questions." },
    ],
    posting: {
      title: "Online Store Management for Beauty and Wellness Brands",
      address: "Catbangen, San Fernando, La Union",
      hours: "40 hours/week",
      days: "Mon-Fri",
      workSetup: "Home office with fibre internet and a generator",
      school: "Don Mariano Marcos Memorial State University",
      verified: true,
      description:
        "<p>I run the day-to-day of your online store so you can focus on making great products. Listings, orders and customer messages are handled every day.</p><p>I also plan monthly promotions around paydays and shopping events.</p><ul><li><strong>Shopee, Lazada and Shopify</strong> store management</li><li>Order processing and customer service</li><li>Promotions and campaign planning</li></ul>",
    },
  },
  {
    firstName: "Gabriel",
    lastName: "Ocampo",
    username: "gabriel_ocampo",
    email: "gabriel.ocampo@example.ph",
    location: "Dasmariñas, Cavite",
    skills: ["SEO", "Software"],
    experience: "3-5 years",
    availability: "Part-time",
    bio: "I combine web development and SEO to build websites that load fast and rank well. I especially enjoy fixing slow, neglected sites and bringing them back to life.",
    gallery: [
      { title: "Site migration", description: "Moved a 500-page site to a new domain without losing search traffic." },
      { title: "Core Web Vitals fixes", description: "Brought a real estate site's mobile speed score from red to green." },
      { title: "Structured data", description: "Added schema markup so a restaurant's menu and hours show in search." },
    ],
    posting: {
      title: "Technical SEO and Site Speed Fixes",
      address: "Salitran, Dasmariñas, Cavite",
      hours: "20 hours/week",
      days: "Mon, Wed, Fri",
      workSetup: "Home office with fibre internet and a UPS",
      school: "De La Salle University - Dasmariñas",
      verified: true,
      description:
        "<p>A slow website loses visitors before they read a word. I find what is slowing yours down and fix it, then make sure search engines understand your pages.</p><p>Every change is tested on a staging copy first, so your live site stays safe.</p><ul><li><strong>Site speed</strong> and Core Web Vitals fixes</li><li>Safe site migrations and redirects</li><li>Structured data and technical SEO</li></ul>",
    },
  },
];
