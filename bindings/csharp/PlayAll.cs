// PlayAll.cs: plays one whole game of every game of the list through
// Cards.cs, seat 0 as a player who picks from the legal moves by their text,
// the other seats as medium bots (and a copy of the table from the middle,
// which ends the same); reads every function of the binding once (the legal
// ids, the rules, the position, the log's length, the version, the status
// names); checks the refusals arrive as
// CardsExceptions (the binding's own too: null strings, strings holding a
// NUL character, negative seat counts) and that a saved game loads back to
// end the same.
// .ci/ffi-check compiles it with mcs and runs it with mono. Exits 1 on the
// first failure.
using System;
using System.Linq;
using CardRules;

public static class PlayAll
{
    private static void Expect(bool ok, string what)
    {
        if (!ok) throw new Exception("FAILED: " + what);
    }

    private static Status Thrown(Action call) => Refusal(call)?.Status ?? Status.Ok;

    /// <summary>The CardsException `call` throws; null when it throws none.</summary>
    private static CardsException Refusal(Action call)
    {
        try
        {
            call();
        }
        catch (CardsException e)
        {
            return e;
        }
        return null;
    }

    /// <summary>Expects `call` refused with `status` and a message holding `words`.</summary>
    private static void Refused(Action call, Status status, string words, string what)
    {
        var e = Refusal(call);
        Expect(e != null, what + ": refused (nothing was thrown)");
        Expect(e.Status == status && e.Message.Contains(words),
            what + ": expected " + status + " with \"" + words + "\", got " + e.Message);
        Console.WriteLine("  refused, {0}: {1}", what, e.Message);
    }

    /// <summary>Plays `table` to its end; returns the number of moves.</summary>
    private static int PlayOut(Table table, ulong seed)
    {
        var rng = new Random((int)seed);
        int moves = 0;
        ulong cursor = 0;
        while (table.ToAct is int seat)
        {
            if (seat == 0)
            {
                // The player: reads the view and the news, picks a move by its text.
                Expect(table.View(0).StartsWith("{"), "a view");
                Expect(table.Events(0, ref cursor).StartsWith("["), "events");
                var legal = table.LegalMoves(0);
                var pick = legal[rng.Next(legal.Count)];
                Expect(table.Play(0, pick) == pick, "a move played by text");
            }
            else
            {
                table.PlayBot(seat, Difficulty.Medium);
            }
            moves++;
        }
        return moves;
    }

    public static int Main()
    {
        try
        {
            var games = Game.All();
            Expect(games.Count > 0, "the list has games");
            foreach (var game in games)
            {
                using (var table = new Table(game.Name, game.Seats, 21))
                {
                    Expect(table.Seats == game.Seats, game.Name + ": seats");
                    int first = table.ToAct ?? -1;
                    int other = (first + 1) % game.Seats;
                    var legal = table.LegalMoves(first);
                    Expect(Thrown(() => table.Play(other, legal[0])) == Status.NotYourTurn, game.Name + ": out of turn");
                    Expect(Thrown(() => table.Play(first, "dance")) == Status.BadRequest, game.Name + ": no action");
                    Expect(Thrown(() => table.Play(first, (uint)legal.Count)) == Status.BadRequest, game.Name + ": no such id");
                    // A NUL would cut the action short at it: "play 2H\0garbage" must not play "play 2H".
                    Refused(() => table.Play(first, legal[0] + "\0garbage"), Status.BadRequest,
                        "action holds a NUL character at " + legal[0].Length, game.Name + ": an action holding a NUL");
                    Refused(() => table.Play(first, (string)null), Status.NullArgument, "action is null", game.Name + ": a null action");
                    Refused(() => table.Host(null), Status.NullArgument, "op is null", game.Name + ": a null host operation");
                    Expect(table.ToAct == first && table.LegalMoves(first).SequenceEqual(legal), game.Name + ": the refusals left the table as it was");
                    string range = game.MinSeats == game.MaxSeats ? "exactly " + game.MinSeats : game.MinSeats + " to " + game.MaxSeats;
                    Refused(() => new Table(game.Name, -1, 1), Status.BadRequest,
                        game.Name + " is played by " + range + " players, not -1", game.Name + ": -1 seats");
                    Expect(table.LegalMovesJson(first).StartsWith("[{\"id\":0"), game.Name + ": moves as JSON");
                    var ids = table.LegalIds(first);
                    Expect(ids.Length == legal.Count && ids.Select((id, i) => id == i).All(x => x), game.Name + ": the legal ids are 0, 1, 2...");
                    Expect(table.LegalIds(other).Length == 0, game.Name + ": no ids for a seat not to act");
                    Refused(() => table.LegalMovesJson(game.Seats), Status.BadRequest,
                        "there is no seat " + game.Seats + ": the table has " + game.Seats + " seats", game.Name + ": a seat past the table");
                    Expect(table.GameName == game.Name, game.Name + ": the table's game");
                    Expect(table.RulesJson() == Game.DefaultRules(game.Name), game.Name + ": the table's rules are the defaults");
                    ulong cursor = 0;
                    Expect(table.Events(Table.Spectator, ref cursor).StartsWith("[") && cursor == table.LogLength && cursor > 0, game.Name + ": the log's length");
                    string hint = table.BotChoice(first, Difficulty.Easy);
                    Expect(legal.Contains(hint), game.Name + ": the hint is a legal move");
                    table.Play(first, hint);
                    string save = table.Save();
                    using (var copy = table.Clone())
                    {
                        Expect(copy.StateJson() == table.StateJson() && copy.StateJson().StartsWith("{"), game.Name + ": the copy's position");
                        int moves = PlayOut(table, 5);
                        Expect(copy.Save() == save && copy.ToAct != null, game.Name + ": the copy did not move with the original");
                        PlayOut(copy, 5);
                        var places = table.Outcome();
                        Expect(places.Length == game.Seats && places.Contains((byte)1), game.Name + ": an outcome");
                        Expect(copy.Outcome().SequenceEqual(places), game.Name + ": the copy ends the same");
                        using (var loaded = Table.Load(save))
                        {
                            PlayOut(loaded, 5);
                            Expect(loaded.Outcome().SequenceEqual(places), game.Name + ": the loaded game ends the same");
                        }
                        Console.WriteLine("{0} ({1}): places {2} after {3} moves", game.Name, game.Title, string.Join(" ", places), moves + 1);
                    }
                }
            }
            Expect(Thrown(() => new Table("chess", 2, 1)) == Status.BadRequest, "no such game");
            Refused(() => Game.DefaultRules("chess"), Status.BadRequest, "there is no game", "the default rules of no game");
            Expect(Library.Version.Length > 0 && char.IsDigit(Library.Version[0]), "the library's version: " + Library.Version);
            foreach (Status status in Enum.GetValues(typeof(Status)))
            {
                string name = Library.StatusName(status);
                Expect(name.Replace("_", "") == status.ToString().ToLowerInvariant(), "the status name of " + status + ": " + name);
            }
            Expect(Library.StatusName((Status)99) == "unknown", "no status 99");
            Expect(Thrown(() => new Table("chess", -1, 1)) == Status.BadRequest, "no such game, -1 seats");
            Refused(() => new Table("hearts", int.MinValue, 1), Status.BadRequest, "not -2147483648", "int.MinValue seats");
            Refused(() => new Table("hearts\0x", 4, 1), Status.BadRequest, "game holds a NUL character at 6", "a game name holding a NUL");
            Refused(() => new Table("hearts", 4, 1, "{}\0x"), Status.BadRequest, "rulesJson holds a NUL character at 2", "rules holding a NUL");
            Refused(() => new Table(null, 4, 1), Status.NullArgument, "game is null", "a null game");
            Refused(() => new Table("hearts", 4, 1, null), Status.NullArgument, "rulesJson is null", "null rules");
            Refused(() => Table.Load(null), Status.NullArgument, "saveJson is null", "a null save");
            Console.WriteLine("Cards.cs: ok");
            return 0;
        }
        catch (Exception e)
        {
            Console.Error.WriteLine(e.Message);
            return 1;
        }
    }
}
