// Cards.cs: a C# binding of cards.h (crates/cards-ffi) through P/Invoke, the
// way Unity loads native plugins. Copy this file into a Unity project's
// Assets/ and the built library into Assets/Plugins/ (docs/engines.md).
//
// Tables are IDisposable (a SafeHandle frees them even if Dispose is
// forgotten); strings cross as UTF-8 and the library's copies are freed at
// once; a refused call throws CardsException with the library's status and
// message (which names the rule's clause where a rule refused). What the C
// ABI cannot be handed is refused here before the call, as a CardsException
// too (Args): a null string (NullArgument, as the library refuses a null
// pointer), a string holding a NUL character, which a NUL-terminated string
// would cut short, and a negative seat count, which its size_t cannot hold
// (BadRequest).
//
// Threads: a Table may be used from any thread, but not from two at once
// without a lock (Unity: keep a table on the main thread, or lock it). A hard
// bot takes milliseconds to a second a move (docs/engines.md, "The bots'
// time"): play it in a Task, not on the main thread, and leave the table
// alone until it is done.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Text;

namespace CardRules
{
    /// <summary>What a call of the library came to (cards.h's CardsStatus).</summary>
    public enum Status
    {
        Ok = 0,
        NotYourTurn = 1,
        Illegal = 2,
        BadRequest = 3,
        NullArgument = 4,
        BadUtf8 = 5,
        BufferTooSmall = 6,
        BadPointer = 7,
        Panic = 8,
    }

    /// <summary>How strong a bot plays.</summary>
    public enum Difficulty : uint
    {
        Easy = 0,
        Medium = 1,
        Hard = 2,
        Learned = 3,
    }

    /// <summary>A refused call: its status and the library's message (or
    /// this binding's, for an argument refused before the call).</summary>
    public sealed class CardsException : Exception
    {
        public Status Status { get; }

        public CardsException(Status status, string message) : base(status + ": " + message)
        {
            Status = status;
        }
    }

    /// <summary>The C functions, as cards.h declares them.</summary>
    internal static class Native
    {
        // The library's file name without "lib" and extension: libcards_ffi.so,
        // cards_ffi.dll, libcards_ffi.dylib. (On iOS, "__Internal".)
        private const string Lib = "cards_ffi";

        [DllImport(Lib)] internal static extern IntPtr cards_last_error();
        [DllImport(Lib)] internal static extern IntPtr cards_status_name(int status);
        [DllImport(Lib)] internal static extern IntPtr cards_version();
        [DllImport(Lib)] internal static extern Status cards_string_free(IntPtr text);
        [DllImport(Lib)] internal static extern Status cards_game_count(out UIntPtr count);
        [DllImport(Lib)] internal static extern Status cards_game_name(UIntPtr index, out IntPtr name);
        [DllImport(Lib)] internal static extern Status cards_game_title(UIntPtr index, out IntPtr title);
        [DllImport(Lib)] internal static extern Status cards_default_rules(byte[] game, out IntPtr json);
        [DllImport(Lib)] internal static extern Status cards_seat_limits(byte[] game, out UIntPtr min, out UIntPtr usual, out UIntPtr max);
        [DllImport(Lib)] internal static extern Status cards_table_new(byte[] game, byte[] rules, UIntPtr seats, ulong seed, out TableHandle table);
        [DllImport(Lib)] internal static extern Status cards_table_load(byte[] save, out TableHandle table);
        [DllImport(Lib)] internal static extern Status cards_table_clone(TableHandle table, out TableHandle copy);
        [DllImport(Lib)] internal static extern Status cards_table_free(IntPtr table);
        [DllImport(Lib)] internal static extern Status cards_table_save(TableHandle table, out IntPtr json);
        [DllImport(Lib)] internal static extern Status cards_table_game(TableHandle table, out IntPtr name);
        [DllImport(Lib)] internal static extern Status cards_table_rules(TableHandle table, out IntPtr json);
        [DllImport(Lib)] internal static extern Status cards_table_state(TableHandle table, out IntPtr json);
        [DllImport(Lib)] internal static extern Status cards_table_seats(TableHandle table, out UIntPtr seats);
        [DllImport(Lib)] internal static extern Status cards_to_act(TableHandle table, out int seat);
        [DllImport(Lib)] internal static extern Status cards_legal_count(TableHandle table, int seat, out UIntPtr count);
        [DllImport(Lib)] internal static extern Status cards_legal_ids(TableHandle table, int seat, [In, Out] uint[] ids, UIntPtr capacity, out UIntPtr len);
        [DllImport(Lib)] internal static extern Status cards_legal_text(TableHandle table, int seat, uint id, out IntPtr text);
        [DllImport(Lib)] internal static extern Status cards_legal_json(TableHandle table, int seat, out IntPtr json);
        [DllImport(Lib)] internal static extern Status cards_play_id(TableHandle table, int seat, uint id, out IntPtr played);
        [DllImport(Lib)] internal static extern Status cards_play_text(TableHandle table, int seat, byte[] action, out IntPtr played);
        [DllImport(Lib)] internal static extern Status cards_host(TableHandle table, int seat, byte[] op);
        [DllImport(Lib)] internal static extern Status cards_bot_choice(TableHandle table, int seat, uint difficulty, out IntPtr action);
        [DllImport(Lib)] internal static extern Status cards_play_bot(TableHandle table, int seat, uint difficulty, out IntPtr played);
        [DllImport(Lib)] internal static extern Status cards_view(TableHandle table, int seat, out IntPtr json);
        [DllImport(Lib)] internal static extern Status cards_events(TableHandle table, int seat, UIntPtr from, out IntPtr json, out UIntPtr next);
        [DllImport(Lib)] internal static extern Status cards_log_len(TableHandle table, out UIntPtr len);
        [DllImport(Lib)] internal static extern Status cards_outcome(TableHandle table, [In, Out] byte[] places, UIntPtr capacity, out UIntPtr len);

        /// <summary>The NUL-terminated UTF-8 string at `ptr`.</summary>
        internal static string Read(IntPtr ptr)
        {
            if (ptr == IntPtr.Zero) return "";
            int n = 0;
            while (Marshal.ReadByte(ptr, n) != 0) n++;
            var bytes = new byte[n];
            Marshal.Copy(ptr, bytes, 0, n);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>Copies and frees a string the library handed out.</summary>
        internal static string Take(IntPtr ptr)
        {
            string text = Read(ptr);
            cards_string_free(ptr);
            return text;
        }

        /// <summary>Throws unless `status` is Ok.</summary>
        internal static void Check(Status status)
        {
            if (status != Status.Ok) throw new CardsException(status, Read(cards_last_error()));
        }

        /// <summary>Checks `status` and takes the string `ptr`.</summary>
        internal static string Text(Status status, IntPtr ptr)
        {
            Check(status);
            return Take(ptr);
        }
    }

    /// <summary>The caller's arguments that the C ABI cannot be handed as
    /// they are, refused before the call (so the table is left as it was).</summary>
    internal static class Args
    {
        /// <summary>The string argument `name` as a NUL-terminated UTF-8
        /// copy; a CardsException when it is null (NullArgument) or holds a
        /// NUL character (BadRequest: the library would read only the text
        /// before it).</summary>
        internal static byte[] Text(string text, string name)
        {
            if (text == null) throw new CardsException(Status.NullArgument, name + " is null");
            int nul = text.IndexOf('\0');
            if (nul >= 0)
                throw new CardsException(Status.BadRequest,
                    name + " holds a NUL character at " + nul + " (strings cross as NUL-terminated UTF-8)");
            int n = Encoding.UTF8.GetByteCount(text);
            var bytes = new byte[n + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>The seat count `seats` as a size_t for the game `name`
        /// (`game`: its Text); a negative count is a CardsException
        /// (BadRequest) naming it and the game's seat limits, worded as the
        /// games word a count they refuse. (A cast would make -1 4294967295.)</summary>
        internal static UIntPtr Seats(byte[] game, string name, int seats)
        {
            if (seats >= 0) return new UIntPtr((uint)seats);
            // An unknown game is refused here as the library refuses it.
            Native.Check(Native.cards_seat_limits(game, out UIntPtr min, out _, out UIntPtr max));
            string range = min == max ? "exactly " + min : min + " to " + max;
            throw new CardsException(Status.BadRequest,
                name + " is played by " + range + " players, not " + seats);
        }
    }

    /// <summary>What the library tells about itself.</summary>
    public static class Library
    {
        /// <summary>The number of the C interface this binding was written
        /// for (cards.h's CARDS_ABI_VERSION): it grows by one whenever a
        /// function is removed or changes its arguments.</summary>
        public const int AbiVersion = 1;

        /// <summary>The library's version, such as "0.1.0".</summary>
        public static string Version => Native.Read(Native.cards_version());

        /// <summary>The library's name of `status`: "ok", "not_your_turn",
        /// "illegal", "bad_request", ...; "unknown" for a number that is no
        /// status. (The library's static text: read, never freed.)</summary>
        public static string StatusName(Status status) => Native.Read(Native.cards_status_name((int)status));
    }

    /// <summary>The library's table handle: freed when released.</summary>
    internal sealed class TableHandle : SafeHandle
    {
        private TableHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid => handle == IntPtr.Zero;

        protected override bool ReleaseHandle() => Native.cards_table_free(handle) == Status.Ok;
    }

    /// <summary>A game of the list.</summary>
    public sealed class Game
    {
        public string Name { get; internal set; }
        public string Title { get; internal set; }
        public int MinSeats { get; internal set; }
        public int Seats { get; internal set; }
        public int MaxSeats { get; internal set; }

        /// <summary>The default rules of the game called `game` as JSON (the
        /// form Table's rulesJson takes); a CardsException (BadRequest) for
        /// no such game.</summary>
        public static string DefaultRules(string game) =>
            Native.Text(Native.cards_default_rules(Args.Text(game, "game"), out IntPtr json), json);

        /// <summary>Every game of the list, in its order.</summary>
        public static List<Game> All()
        {
            Native.Check(Native.cards_game_count(out UIntPtr count));
            var games = new List<Game>();
            for (ulong i = 0; i < (ulong)count; i++)
            {
                var index = new UIntPtr(i);
                var game = new Game
                {
                    Name = Native.Text(Native.cards_game_name(index, out IntPtr name), name),
                    Title = Native.Text(Native.cards_game_title(index, out IntPtr title), title),
                };
                Native.Check(Native.cards_seat_limits(Args.Text(game.Name, "game"), out UIntPtr min, out UIntPtr usual, out UIntPtr max));
                game.MinSeats = (int)min;
                game.Seats = (int)usual;
                game.MaxSeats = (int)max;
                games.Add(game);
            }
            return games;
        }
    }

    /// <summary>A table of one game of the list.</summary>
    public sealed class Table : IDisposable
    {
        /// <summary>The seat number of a spectator in View and Events
        /// (cards.h's CARDS_SPECTATOR).</summary>
        public const int Spectator = -1;

        /// <summary>The seat number of the host in Host (cards.h's
        /// CARDS_HOST, the same number as Spectator).</summary>
        public const int HostSeat = -1;

        /// <summary>The seat cards_to_act writes once the game is over
        /// (cards.h's CARDS_NO_SEAT); ToAct gives null instead.</summary>
        public const int NoSeat = -1;

        private readonly TableHandle handle;

        private Table(TableHandle handle)
        {
            this.handle = handle;
        }

        /// <summary>A table of `game` for `seats` players dealt from `seed`,
        /// under `rulesJson` ("{}": the game's defaults). A seat count the
        /// game does not take is a CardsException (BadRequest).</summary>
        public Table(string game, int seats, ulong seed, string rulesJson = "{}")
        {
            byte[] name = Args.Text(game, "game");
            byte[] rules = Args.Text(rulesJson, "rulesJson");
            Native.Check(Native.cards_table_new(name, rules, Args.Seats(name, game, seats), seed, out handle));
        }

        /// <summary>The table that Save wrote, continuing exactly where it stood.</summary>
        public static Table Load(string saveJson)
        {
            Native.Check(Native.cards_table_load(Args.Text(saveJson, "saveJson"), out TableHandle loaded));
            return new Table(loaded);
        }

        public void Dispose() => handle.Dispose();

        /// <summary>An independent copy (say, for a search to play ahead
        /// on), to dispose of in its turn.</summary>
        public Table Clone()
        {
            Native.Check(Native.cards_table_clone(handle, out TableHandle copy));
            return new Table(copy);
        }

        /// <summary>The table's game, by its name ("crazy-eights").</summary>
        public string GameName => Native.Text(Native.cards_table_game(handle, out IntPtr name), name);

        /// <summary>The table's rules, every one, as JSON.</summary>
        public string RulesJson() => Native.Text(Native.cards_table_rules(handle, out IntPtr json), json);

        /// <summary>The whole position as JSON, every hidden card included:
        /// for the host (a debugger, a replay), never to show a player.</summary>
        public string StateJson() => Native.Text(Native.cards_table_state(handle, out IntPtr json), json);

        /// <summary>The number of log entries: where Events' cursor stands
        /// once it has read them all.</summary>
        public ulong LogLength
        {
            get
            {
                Native.Check(Native.cards_log_len(handle, out UIntPtr len));
                return (ulong)len;
            }
        }

        /// <summary>The number of seats.</summary>
        public int Seats
        {
            get
            {
                Native.Check(Native.cards_table_seats(handle, out UIntPtr n));
                return (int)n;
            }
        }

        /// <summary>The seat to act, or null once the game is over.</summary>
        public int? ToAct
        {
            get
            {
                Native.Check(Native.cards_to_act(handle, out int seat));
                return seat == NoSeat ? (int?)null : seat;
            }
        }

        /// <summary>The texts of `seat`'s legal moves; a move's id is its index.</summary>
        public List<string> LegalMoves(int seat)
        {
            Native.Check(Native.cards_legal_count(handle, seat, out UIntPtr count));
            var moves = new List<string>();
            for (uint id = 0; id < (ulong)count; id++)
                moves.Add(Native.Text(Native.cards_legal_text(handle, seat, id, out IntPtr text), text));
            return moves;
        }

        /// <summary>The ids of `seat`'s legal moves (0, 1, 2, ...: what Play
        /// takes); empty unless `seat` is to act.</summary>
        public uint[] LegalIds(int seat)
        {
            // The length first (a short buffer is refused with the length
            // written), then the ids.
            Status status = Native.cards_legal_ids(handle, seat, null, UIntPtr.Zero, out UIntPtr len);
            if (status != Status.BufferTooSmall) Native.Check(status);
            var ids = new uint[(int)len];
            if (ids.Length > 0)
                Native.Check(Native.cards_legal_ids(handle, seat, ids, new UIntPtr((uint)ids.Length), out len));
            return ids;
        }

        /// <summary>`seat`'s legal moves as JSON: [{"id": 0, "text": "draw"}, ...].</summary>
        public string LegalMovesJson(int seat) => Native.Text(Native.cards_legal_json(handle, seat, out IntPtr json), json);

        /// <summary>Plays `seat`'s legal move `id`; returns its text.</summary>
        public string Play(int seat, uint id) => Native.Text(Native.cards_play_id(handle, seat, id, out IntPtr played), played);

        /// <summary>Plays `action` (its text) for `seat`; returns it as the table wrote it.</summary>
        public string Play(int seat, string action) => Native.Text(Native.cards_play_text(handle, seat, Args.Text(action, "action"), out IntPtr played), played);

        /// <summary>A host operation ("leave 2") asked by `seat`, or by the host (HostSeat).</summary>
        public void Host(string op, int seat = HostSeat) => Native.Check(Native.cards_host(handle, seat, Args.Text(op, "op")));

        /// <summary>What a bot would play for `seat`, not played (a hint).</summary>
        public string BotChoice(int seat, Difficulty level) => Native.Text(Native.cards_bot_choice(handle, seat, (uint)level, out IntPtr action), action);

        /// <summary>Lets a bot play for `seat`; returns what it played.</summary>
        public string PlayBot(int seat, Difficulty level) => Native.Text(Native.cards_play_bot(handle, seat, (uint)level, out IntPtr played), played);

        /// <summary>What `seat` (or Spectator) sees now, as the protocol's view JSON.</summary>
        public string View(int seat) => Native.Text(Native.cards_view(handle, seat, out IntPtr json), json);

        /// <summary>The events from `cursor` on, as `seat` sees them (a JSON
        /// list); moves `cursor` past them.</summary>
        public string Events(int seat, ref ulong cursor)
        {
            string json = Native.Text(Native.cards_events(handle, seat, new UIntPtr(cursor), out IntPtr events, out UIntPtr next), events);
            cursor = (ulong)next;
            return json;
        }

        /// <summary>The whole table as JSON, for Load.</summary>
        public string Save() => Native.Text(Native.cards_table_save(handle, out IntPtr json), json);

        /// <summary>Each seat's place (1 for the winners) once the game is
        /// over; empty while it is not.</summary>
        public byte[] Outcome()
        {
            var places = new byte[256];
            Native.Check(Native.cards_outcome(handle, places, new UIntPtr((uint)places.Length), out UIntPtr len));
            Array.Resize(ref places, (int)len);
            return places;
        }
    }
}
